"""Sentences about host configs, translated by code like `app.ui.messages` does for the rest of core.

The `hosts.*` codes come from `app.core.hosts` (`HostConfigError`); a code missing here falls back
to `render`, so a new core sentence still reaches the user, in English, until it gets a row.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from app.core.messages import Message
from app.ui.messages import Template, fill, quoted, render

translate = QCoreApplication.translate
QUOTED = {"entry"}  # names from the config file, in the language's quotation marks


def _table() -> dict[str, Template]:
    return {
        "hosts.unknown": (translate("HostMessages", "%1 is not a host Rootkeeper knows."), ("host",)),
        "hosts.unreadable": (translate("HostMessages", "The %1 config %2 cannot be read (%3); fix it first, it was "
                                                       "left untouched."), ("host", "path", "reason")),
        "hosts.uneditable": (translate("HostMessages", "Rootkeeper cannot safely edit the entry %1 in the %2 config "
                                                       "%3 (%4); the file was left untouched."),
                             ("entry", "host", "path", "reason")),
        "hosts.no_such_server": (translate("HostMessages", "%1 has no server named %2."), ("host", "names")),
        "hosts.records_unreadable": (translate("HostMessages", "Rootkeeper's record of host changes %1 cannot be "
                                                               "read; restore the host files from their backups."),
                                     ("path",)),
        "hosts.changed_meanwhile": (translate("HostMessages", "%1 changed while Rootkeeper was editing it; nothing "
                                                              "was written, try again."), ("path",)),
        "hosts.write_failed": (translate("HostMessages", "%1 could not be rewritten; it was left as it was."),
                               ("path",)),
    }


def host_codes() -> set[str]:
    return set(_table())


def render_host(problem: object) -> str:
    """One translated sentence for a host refusal (a `HostConfigError` or its `Message`), else `render`."""
    message = problem if isinstance(problem, Message) else getattr(problem, "message", None)
    found = _table().get(message.code) if isinstance(message, Message) else None
    if message is None or found is None:
        return render(problem)
    template, names = found
    values = [str(message.args.get(name, "")) for name in names]
    return fill(template, [quoted(v) if name in QUOTED else v for name, v in zip(names, values, strict=True)])
