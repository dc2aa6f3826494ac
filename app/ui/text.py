"""Words the UI shows for core values (statuses, sharing, times, paths), all through Qt's translator.

These are free functions rather than `QObject.tr` calls because models, the tray and dialogs share
them; `translate("Text", …)` spelled out at each call is what `pyside6-lupdate` recognises.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from app.core.text import Message, message
from app.ui.render import fill, render

if TYPE_CHECKING:  # the connection module pulls in anyio; the tray must not wait for it
    from datetime import datetime

    from app.core.model import ServerEntry
    from app.core.roots.access import AccessResult
    from app.core.servers.status import ConnectionStatus
    from app.ui.models.snapshot import ServerRow, SessionRow


translate = QCoreApplication.translate


class TextCounts(QObject):
    """The words with a count, through `self.tr` (see `app.ui.models.health.HealthCounts` for why)."""

    def sessions(self, count: int) -> str:
        return self.tr("%1, %n session(s)", None, count)

    def fetches(self, count: int) -> str:
        return self.tr("asked for roots %n time(s), last at %1", None, count)

    def chosen(self, count: int) -> str:
        return self.tr("%n chosen folder(s)", None, count)


def access_label(result: AccessResult | None) -> str:
    if result is None:
        return translate("Text", "Checking…")
    from app.core.roots.access import AccessStatus  # here: the tray is on screen before the access checks are imported

    labels = {
        AccessStatus.OK: translate("Text", "Reachable"),
        AccessStatus.MISSING: translate("Text", "Missing"),
        AccessStatus.NOT_A_DIRECTORY: translate("Text", "Not a folder"),
        AccessStatus.NOT_A_FILE: translate("Text", "Not a file"),
        AccessStatus.PERMISSION_DENIED: translate("Text", "Permission denied"),
        AccessStatus.UNREADABLE: translate("Text", "Unreadable"),
        AccessStatus.LOOP: translate("Text", "Symbolic link loop"),
        AccessStatus.OFFLINE: translate("Text", "Offline"),
        AccessStatus.MOVED: translate("Text", "Leads elsewhere"),
    }
    return labels.get(result.status, result.status.value)


def access_detail(result: AccessResult, path: str) -> str:
    """One translated sentence about the last check of `path`, from its status (core's detail is English)."""
    from app.core.paths import printable
    from app.core.roots.access import AccessStatus

    shown = home_relative(printable(path))
    if result.status is AccessStatus.LOOP:  # the very sentence core says when such a path is added
        return render(message("path.loop", path=shown))
    said = {  # the very sentences core's check says (`app.core.roots.checks`)
        AccessStatus.OK: "access.ok",
        AccessStatus.MISSING: "access.missing",
        AccessStatus.NOT_A_DIRECTORY: "access.not_a_folder",
        AccessStatus.NOT_A_FILE: "access.not_a_file",
        AccessStatus.PERMISSION_DENIED: "access.permission_denied",
    }.get(result.status)
    if said is not None:
        return render(message(said, path=shown))
    details = {
        AccessStatus.UNREADABLE: translate("Text", "%1 cannot be read."),
        AccessStatus.OFFLINE: translate("Text", "%1 is on a drive or network share that is not answering."),
        AccessStatus.MOVED: translate(
            "Text", "%1 now leads somewhere else: it or a folder above it was replaced, so it is not shared."
        ),
    }
    template = details.get(result.status)
    return template.replace("%1", shown) if template else result.detail


def server_error(status: ConnectionStatus | None) -> str | None:
    """The last connection failure, translated when it carries a code next to the English `last_error`.

    Accepts either a `last_error_message: Message` or `last_error_code` + `last_error_args` on the status.
    """
    if status is None or not status.last_error:
        return None
    carried = getattr(status, "last_error_message", None)
    if isinstance(carried, Message):
        return render(carried)
    code = getattr(status, "last_error_code", None)
    if isinstance(code, str):
        args = getattr(status, "last_error_args", None) or {}
        return render(Message(code, status.last_error, {str(k): str(v) for k, v in dict(args).items()}))
    return status.last_error


def host_name(name: str | None) -> str:
    return name if name else translate("Text", "an unnamed AI host")


def used_by_label(row: ServerRow) -> str:
    """Who uses the server through a bridge, e.g. "Claude Desktop, 2 sessions"; empty when nobody does."""
    if not row.sessions:
        return ""
    hosts = translate("Text", ", ").join(host_name(host) for host in row.hosts)
    return TextCounts().sessions(len(row.sessions)).replace("%1", hosts)


def session_label(session: SessionRow) -> str:
    """One bridge session on one line: host, era, and the roots fetches so far."""
    era = {
        "legacy": translate("Text", "handshake era"),
        "modern": translate("Text", "2026-07-28 era"),
    }.get(session.era or "", translate("Text", "era not yet known"))
    if session.last_roots_fetch_at is None:
        fetched = translate("Text", "has not asked for roots yet")
    else:
        fetched = TextCounts().fetches(session.roots_fetch_count).replace("%1", clock_time(session.last_roots_fetch_at))
    return fill(translate("Text", "%1 · %2 · %3"), [host_name(session.host), era, fetched])


def server_state(row: ServerRow) -> str:
    """The server's condition in the user's word: the table, the tray, the details all say this one."""
    return render(row.condition.word())


def attention_detail(row: ServerRow) -> str | None:
    """Why a server waits for the user (it is not retried any more), or None when it does not."""
    from app.core.servers.condition import Condition, why_attention

    if row.condition is not Condition.NEEDS_ATTENTION or row.status is None:
        return None
    return render(why_attention(row.status.same_failures))


def era_label(status: ConnectionStatus) -> str:
    version = status.protocol_version or "?"
    if status.era == "legacy":
        return translate("Text", "%1 (legacy)").replace("%1", version)
    return version


def sharing_label(entry: ServerEntry) -> str:
    if entry.consent != "given":
        return translate("Text", "Waiting for your consent")
    if entry.share == "all":
        return translate("Text", "All shared folders")
    if entry.share == "none":
        return translate("Text", "Nothing (uses its own configuration)")
    return TextCounts().chosen(len(entry.share))


def binding_texts(entry: ServerEntry) -> tuple[str, str]:
    """How binding the server's list is: its word, and the sentence saying what that means (`core.servers.binding`)."""
    from app.core.servers.binding import explained, server_binding

    target = entry.target
    if target.kind == "stdio":
        kind, own = server_binding(True, target.args, target.env.values(), entry.kept_folders, entry.asks_roots,
                                   confined=entry.confined)
    else:
        kind, own = server_binding(False, [], [], [], entry.asks_roots)
    return render(kind.word()), render(explained(kind, [home_relative(folder) for folder in own]))


def target_label(entry: ServerEntry) -> str:
    return " ".join(target_words(entry))


def target_words(entry: ServerEntry) -> list[str]:
    """How the server is reached, word by word: its command (program first, `~` for home) or its URL (masked)."""
    target = entry.target
    if target.kind == "http":  # by its tag: the tray shows before the store's models are imported
        from app.core.servers.secrets import masked_url

        return [masked_url(target.url)]
    return [home_relative(word) for word in [target.command, *target.args]]


def clock_time(moment: datetime | None) -> str:
    """A time of day in the user's locale, with the date only when it is not today."""
    if moment is None:
        return translate("Text", "never")
    from PySide6.QtCore import QDateTime, QLocale, QTimeZone  # here: their bindings load after the tray is shown

    stamp = QDateTime.fromSecsSinceEpoch(int(moment.timestamp()), QTimeZone.systemTimeZone())
    locale = QLocale()
    if stamp.date() == QDateTime.currentDateTime().date():
        return locale.toString(stamp.time(), QLocale.FormatType.ShortFormat)
    return locale.toString(stamp, QLocale.FormatType.ShortFormat)


def home_relative(path: str) -> str:
    """`path` with the user's home folder shown as `~`, as people recognise it."""
    home = os.path.expanduser("~")
    if home not in ("", "/") and (path == home or path.startswith(home.rstrip(os.sep) + os.sep)):
        return "~" + path[len(home.rstrip(os.sep)) :]
    return path
