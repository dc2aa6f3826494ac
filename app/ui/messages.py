"""Sentences from core (and the protocol layer) rendered through the UI's translations, by code.

Core raises and reports `Message`s: a stable code, its arguments, and the English text. Here each
code maps to a translatable template whose `%1`, `%2`, … take the arguments in the listed order;
a code missing from the table falls back to the English text it came with. Adding a new kind of
sentence anywhere (app/mcp/errors.py included) only needs one row below and its translations.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication

from app.core.text import Message

translate = QCoreApplication.translate

Template = tuple[str, tuple[str, ...]]
_PLACEHOLDER = re.compile(r"%(\d+)")


def _table() -> dict[str, Template]:
    """Code -> (translated template, argument names for %1, %2, …); built per call so it follows the language."""
    from app.ui.messages_more import more_table  # server, hub-lock and host sentences, kept apart
    return more_table() | {
        "path.not_local": (translate("Messages", "Only local file:// locations can be shared, and %1 is not one."),
                           ("uri",)),
        "path.remote": (translate("Messages", "%1 points to another computer (%2); only local folders can be "
                                              "shared."), ("uri", "host")),
        "path.query": (translate("Messages", "%1 has a '?' or '#' part; encode those characters as %3F and %23."),
                       ("uri",)),
        "path.empty": (translate("Messages", "The path is empty."), ()),
        "path.nul": (translate("Messages", "The path contains a NUL byte, which no file name can hold."), ()),
        "path.too_long": (translate("Messages", "The path is %1 bytes long; this system allows at most %2."),
                          ("length", "limit")),
        "path.name_too_long": (translate("Messages", "A name in the path is %1 bytes long; this system allows at "
                                                     "most %2."), ("length", "limit")),
        "path.missing": (translate("Messages", "%1 does not exist."), ("path",)),
        "path.permission_denied": (translate("Messages", "Permission denied while opening %1."), ("path",)),
        "path.loop": (translate("Messages", "%1 is part of a symbolic link loop."), ("path",)),
        "path.os_too_long": (translate("Messages", "%1 is longer than this system allows."), ("path",)),
        "path.not_a_folder_part": (translate("Messages", "A part of %1 is a file, not a folder."), ("path",)),
        "path.os_error": (translate("Messages", "%1 cannot be used: %2."), ("path", "reason")),
        "path.special": (translate("Messages", "%1 is neither a folder nor a regular file."), ("path",)),
        "path.virtual": (translate("Messages", "%1 is one of the system's virtual folders (/proc, /sys, /dev), "
                                               "which cannot be shared."), ("path",)),
        "path.uri_no_path": (translate("Messages", "%1 does not name a folder; write it as file:///path/to/folder."),
                             ("uri",)),
        "broad.drive": (translate("Messages", "%1 is the root of a whole drive."), ("path",)),
        "broad.home": (translate("Messages", "%1 is your whole home folder."), ("path",)),
        "broad.other_home": (translate("Messages", "%1 is a whole home folder."), ("path",)),
        "broad.secrets": (translate("Messages", "%1 holds keys or credentials."), ("path",)),
        "broad.system": (translate("Messages", "%1 is a system folder."), ("path",)),
        "broad.browser": (translate("Messages", "%1 holds a web browser's profile (cookies, saved passwords)."),
                          ("path",)),
        "broad.cache": (translate("Messages", "%1 holds downloaded packages and caches, often with access tokens."),
                        ("path",)),
        "broad.app_data": (translate("Messages", "%1 holds every program's settings and data."), ("path",)),
        "broad.many": (translate("Messages", "%1 holds many other folders, possibly other users' files."),
                       ("path",)),
        "overlap.duplicate": (translate("Messages", "%1 is already shared as '%2'."), ("path", "name")),
        "overlap.inside": (translate("Messages", "%1 is inside '%2' (%3), which is already shared."),
                           ("path", "name", "other")),
        "overlap.contains": (translate("Messages", "%1 contains '%2' (%3), which is already shared."),
                             ("path", "name", "other")),
        "root.broad_refused": (translate("Messages", "%1 is too broad to share without confirmation (%2); add "
                                                     "--allow-broad to share it anyway."), ("path", "why")),
        "root.own_folder": (translate("Messages", "%1 holds Rootkeeper's own settings or state, which no server may "
                                                  "see."), ("path",)),
        "root.name_like_path": (translate("Messages", "'%1' looks like a path; pick a name without '/', '~' or "
                                                      "'file:'."), ("name",)),
        "root.empty_name": (translate("Messages", "A root's name cannot be empty."), ()),
        "root.ambiguous": (translate("Messages", "Several roots are named '%1' (%2); use the id instead."),
                           ("name", "ids")),
        "root.not_found": (translate("Messages", "No shared folder matches '%1'; see 'rootkeeper roots list'."),
                           ("selector",)),
        "root.nothing_given": (translate("Messages", "Say which folders to share."), ()),
        "root.not_readable": (translate("Messages", "%1 is shared, but Rootkeeper cannot read it now (%2); servers "
                                                    "will not see it until it can."), ("path", "status")),
        "server.exists": (translate("Messages", "A server named '%1' already exists; remove it first or pick "
                                                "another name."), ("name",)),
        "server.bad_name": (translate("Messages", "'%1' is not a valid server name; use letters, digits, '.', '_' "
                                                  "or '-'."), ("name",)),
        "server.not_found": (translate("Messages", "No server is named '%1'; see 'rootkeeper servers list'."),
                             ("name",)),
        "server.bad_url": (translate("Messages", "'%1' is not an http:// or https:// URL."), ("url",)),
        "server.no_command": (translate("Messages", "Say which command starts the server."), ()),
        "server.nul": (translate("Messages", "A server's command, arguments and environment cannot contain a NUL "
                                             "byte."), ()),
        "server.url_space": (translate("Messages", "'%1' contains a space, tab or line break; percent-encode it (%20) "
                                                   "or remove it."), ("url",)),
        "server.bad_port": (translate("Messages", "'%1' has the port %2; a port is a number from 1 to 65535."),
                            ("url", "port")),
        "server.bad_header_name": (translate("Messages", "'%1' is not a valid HTTP header name; use letters, digits "
                                                         "and '-', without spaces or colons."), ("name",)),
        "server.bad_header_value": (translate("Messages", "The value of the header '%1' contains a line break, which "
                                                          "HTTP does not allow."), ("name",)),
        "server.cwd_missing": (translate("Messages", "The working folder %1 does not exist."), ("cwd",)),
        "server.bad_era": (translate("Messages", "'%1' is not a protocol era; use auto, 2025-11-25 or 2026-07-28."),
                           ("era",)),
        "share.empty": (translate("Messages", "Say what to share: all, none, or a comma-separated list of roots."),
                        ()),
        "server.bad_roots_source": (translate("Messages", "'%1' is not a roots source; use rootkeeper, host or "
                                                          "merge."), ("value",)),
        "server.no_command_line": (translate("Messages", "'%1' is reached by URL and has no command line with "
                                                         "folders of its own."), ("name",)),
        "alias.no_local": (translate("Messages", "Say which local folder the server sees as %1."), ("remote",)),
        "alias.remote_relative": (translate("Messages", "The path the server sees, '%1', must be absolute (like "
                                                        "/workspace)."), ("remote",)),
        "alias.twice": (translate("Messages", "%1 is mapped twice; give each local folder one alias."), ("path",)),
        "alias.bad_pair": (translate("Messages", "'%1' is not of the form LOCAL=REMOTE (for example "
                                                 "~/projects=/workspace)."), ("item",)),
        "store.newer": (translate("Messages", "The settings file was written by a newer Rootkeeper (format %1, "
                                              "this one reads up to %2); update Rootkeeper to use it."),
                        ("version", "supported")),
        "store.is_folder": (translate("Messages", "The settings file %1 is a folder, not a file; move it away."),
                            ("path",)),
        "store.unreadable": (translate("Messages", "The settings file %1 cannot be read (%2); fix its permissions."),
                             ("path", "reason")),
        "store.no_home": (translate("Messages", "Cannot create the settings folder %1 (%2)."), ("path", "reason")),
        "store.no_lock": (translate("Messages", "Cannot open the lock file %1 (%2)."), ("path", "reason")),
        "store.not_saved": (translate("Messages", "Nothing was changed: the settings file %1 cannot be saved (%2)."),
                            ("path", "reason")),
        "store.lock_timeout": (translate("Messages", "Another Rootkeeper process has held %1 for too long."),
                               ("path",)),
        "home.relative": (translate("Messages", "ROOTKEEPER_HOME must be an absolute path, and '%1' is not one."),
                          ("value",)),
        "store.lock_busy": (translate("Messages", "Gave up after waiting %1 s for %2: other Rootkeeper processes kept "
                                                  "changing the settings all that time; try again."),
                            ("seconds", "path")),
        "store.lock_stuck": (translate("Messages", "Gave up after waiting %1 s for %2: %3 has held it all that time "
                                                   "without saving anything."), ("seconds", "path", "holder")),
        "instance.no_socket": (translate("Messages", "Rootkeeper runs, but a second start cannot bring its window "
                                                     "forward: it cannot listen on %1 (%2)."), ("path", "reason")),
        "store.not_a_file": (translate("Messages", "The settings file %1 is not a regular file; move it away."),
                             ("path",)),
        "store.root_dropped": (translate("Messages", "The shared folder '%1' had the location %2, which is not a "
                                                     "local folder; it was dropped."), ("name", "uri")),
        "store.root_uri_rebuilt": (translate("Messages", "The shared folder '%1' claimed the location %2, which is "
                                                         "not its path %3; the location was rebuilt from the path."),
                                   ("name", "uri", "path")),
        "store.root_id_reissued": (translate("Messages", "Two shared folders had the id %1; '%2' now has the id %3."),
                                   ("id", "name", "new")),
        "store.damaged": (translate("Messages", "The settings file was damaged and has been moved to %1; "
                                                "Rootkeeper started a new one."), ("path",)),
    }


def known_codes() -> set[str]:
    return set(_table())


def fill(template: str, values: list[str]) -> str:
    """Qt-style `%1`…`%n` substitution in one pass, so an argument that contains `%2` stays as it is."""

    def value(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return values[index - 1] if 1 <= index <= len(values) else match.group(0)

    return _PLACEHOLDER.sub(value, template)


def render_message(message: Message) -> str:
    found = _table().get(message.code)
    if found is None:
        return message.text
    template, names = found
    return fill(template, [_arg(message.args, name) for name in names])


def _arg(args: Mapping[str, str], name: str) -> str:
    return str(args.get(name, ""))


def render(problem: object) -> str:
    """Any sentence for the user: a `Message`, an exception carrying one (`UserError`, `StoreError`), or text."""
    if isinstance(problem, Message):
        return render_message(problem)
    carried = getattr(problem, "message", None)
    if isinstance(carried, Message):
        return render_message(carried)
    return str(problem)


def quoted(name: str) -> str:
    """A name in the language's quotation marks (“…” in zh_CN, 「…」 in zh_TW)."""
    return translate("Messages", "'%1'").replace("%1", name)


def quoted_list(names: list[str]) -> str:
    return translate("Messages", ", ").join(quoted(name) for name in names)


def plain_tooltip(text: str | None) -> str | None:
    """A tooltip that shows `text` literally: Qt renders a tooltip as HTML whenever it looks like HTML.

    Text that Qt would take for HTML is wrapped in `<qt>` with the text escaped and its line breaks
    kept, so a server's `<img>` or a folder named `<b>x</b>` is shown as typed and loads nothing;
    any other text is already shown as it is.
    """
    # Qt takes text for HTML only when it holds a tag or an escaped one ("&lt;"): most text needs no look.
    if text is None or ("<" not in text and "&" not in text):
        return text
    from PySide6.QtGui import Qt  # here: Qt's namespace builds all its enums (15 ms) and the tray shows first

    if not Qt.mightBeRichText(text):
        return text
    import html  # only here: it loads the whole table of named entities, and the tray's first tooltip needs none

    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


_MARKUP_LOOKALIKES = str.maketrans({"<": "‹", ">": "›", "&": "＆"})


def notification_text(text: str) -> str:
    """`text` for a desktop notification, where no markup can take effect.

    Notification servers that support "body-markup" render `<b>`, `<a>` and `<img>` in a body, and
    escaping with entities would show `&lt;` on those that do not; look-alike characters read the
    same on both and render nothing.
    """
    return text.translate(_MARKUP_LOOKALIKES)
