"""The CLI's rows (`--json`) and tables (people): every name, path and server word shown through `printable`.

JSON rows carry values exactly, except secrets (header and environment values, URL passwords), which
are masked everywhere (`app.core.servers.secret_parts`, the rule `app.core.servers.secrets.masked` also applies); the
tables print each value escaped, so a name holding a newline or an escape sequence cannot forge a row
or act on the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.core.paths import printable
from app.core.roots import access
from app.core.roots.standing import Standing, needs_attention, standing
from app.core.servers.binding import Binding, explained, server_binding

if TYPE_CHECKING:
    from app.core.model import ServerEntry
    from app.core.store.plain import PlainServer

# The rows are built from plain data (`app.core.store.plain`), so `roots list`, `roots check` and `servers list`
# never import pydantic; secrets are masked by the model's own rule (`app.core.servers.secret_parts`).


def root_rows(roots: list[dict[str, Any]], timeout: float = access.DEFAULT_TIMEOUT, *,
              paused: bool = False) -> list[dict[str, Any]]:
    """One row per root, from the roots as `app.core.store.plain.load` gives them; `standing` says whether
    it is shared and if not why (`app.core.roots.standing`), `paused`: the store's pause."""
    checks = (access.CheckItem(r["id"], r["path"], r["is_file"], r["entered_path"]) for r in roots)
    results = access.check_many(checks, timeout=timeout)
    from app.core.policy import load_policy

    policy = load_policy()
    forbidding = policy.active
    rows = []
    for root in roots:
        result = results[root["id"]]
        forbidden = forbidding and not policy.permits_folder(root["path"])
        rows.append({
            "id": root["id"], "name": root["name"], "path": root["path"], "entered_path": root["entered_path"],
            "uri": root["uri"], "is_file": root["is_file"], "enabled": root["enabled"], "status": result.status.value,
            "detail": result.detail, "checked_at": result.checked_at.isoformat(),
            "added_at": root["added_at"].isoformat(), "policy": "forbidden" if forbidden else None,
            "standing": standing(root["enabled"], result.ok, forbidden=forbidden, paused=paused).value,
            "read_only": root["read_only"],
        })
    return rows


def fails_check(row: dict[str, Any]) -> bool:
    """`roots check` fails for this row: meant to be shared, and its check failed."""
    return needs_attention(row["enabled"], row["status"] == "ok", forbidden=row["policy"] == "forbidden")


READ_ONLY_WORD = "read-only"


def _root_head(row: dict[str, Any], modes: bool = False) -> str:
    # A decision (pause, policy, turned off) is said as such; otherwise what the check found (ok, missing, …).
    # `modes`: a column saying which folders are read-only, there only when one is (the table is unchanged else).
    state = row["standing"] if Standing(row["standing"]).decided else row["status"]
    mode = f"{READ_ONLY_WORD if row['read_only'] else '':<{len(READ_ONLY_WORD)}}  " if modes else ""
    return f"{printable(row['id'])}  {state:<17}  {mode}{printable(row['name'])}"


def print_root_table(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("No shared folders yet. Add one with: rootkeeper roots add PATH")
        return
    modes = any(row["read_only"] for row in rows)
    for row in rows:
        target = printable(row["path"])
        if row["entered_path"] != row["path"]:
            target = f"{printable(row['entered_path'])} -> {target}"
        print(f"{_root_head(row, modes)}  {target}")


def print_root_checks(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        print(f"{_root_head(row)}: {printable(row['detail'], None)}")


def server_row(server: PlainServer) -> dict[str, Any]:
    from app.core.store.plain import masked_plain

    target = masked_plain(server.target)  # secrets never leave masked
    row: dict[str, Any] = {"name": server.name, "transport": target["kind"]}
    row.update((key, value) for key, value in target.items() if key != "kind")
    row.update({"share": server.share, "consent": server.consent, "legacy_only": server.legacy_only,
                "era": server.era, "enabled": server.enabled, "confined": bool(server.get("confined", False)),
                "keeps_after_empty": bool(server.keeps_after_empty)})
    kind, own = _binding(server)
    row.update({"binding": kind.value, "binding_word": str(kind.word()), "binding_detail": str(explained(kind, own))})
    from app.cli.server_options import option_fields

    row.update(option_fields(server))
    return row


def _binding(server: PlainServer) -> tuple[Binding, list[str]]:
    target = server.target
    stdio = target["kind"] == "stdio"
    return server_binding(stdio, target["args"] if stdio else [], target["env"].values() if stdio else [],
                          server.kept_folders, server.asks_roots, confined=bool(server.get("confined", False)))


def _confinement_lines(server: PlainServer, http: bool) -> list[str]:
    """That a confined server's network stays open; on Windows, that a stdio server is not confined there. (How
    to confine an unconfined one is said in the GUI's details, not on every row here.)"""
    from app.core.confine.support import unconfined_note
    from app.core.text import sentence

    confined = bool(server.get("confined", False))
    if confined and not http:
        return [sentence("confine.network")]
    note = unconfined_note(server.name, stdio=not http, confined=confined)
    return [note.text] if note is not None and note.code == "confine.windows" else []


def share_text(server: ServerEntry | PlainServer) -> str:
    if server.consent != "given":
        return "waiting for consent"
    if isinstance(server.share, list):
        return f"{len(server.share)} chosen root(s)"
    return f"shares {server.share}"


def live_status(name: str, published: dict[str, dict[str, Any]], hub_running: bool) -> dict[str, Any]:
    """The server's row from `plain.published_rows`, as this command shows it."""
    from app.core.servers.condition import condition_of
    from app.core.store.plain import unknown_row

    row = published.get(name)
    if row is None:
        sentence = "The hub has not connected to this server yet." if hub_running else "No hub is running."
        row = unknown_row()
        row.update(state="unknown", detail=sentence, condition=condition_of(None).value)
        return row
    row = dict(row)
    if not hub_running:
        row["state"] = "stopped"
        row["detail"] = "Last known status; the hub that reported it is no longer running."
    row["condition"] = condition_of(row.get("state"), failed_before=row.get("last_error") is not None).value
    return row


def print_server_table(servers: list[PlainServer], rows: list[dict[str, Any]]) -> None:
    from app.cli.server_options import option_lines
    from app.cli.sessions import host_of
    from app.core.store.plain import masked_plain

    if not rows:
        print("No servers yet. Add one with: rootkeeper servers add NAME -- COMMAND [ARG...]")
    from app.core.servers.progress import connection_progress

    progress = connection_progress(row["status"]["state"] for row in rows)
    from app.core.servers.condition import Condition, why_attention
    for server, row in zip(servers, rows, strict=True):
        target = masked_plain(server.target)
        http = target["kind"] == "http"
        words = [target["url"]] if http else [target["command"], *target["args"]]
        status = row["status"]
        condition = Condition(status["condition"]) if status.get("condition") in set(Condition) else None
        state = status["state"] + (f" ({status['era']})" if status.get("era") else "")
        if condition is not None and condition.failing:  # the very word the window and the tray say
            state = condition.word().text
        if progress is not None and status["state"] == "connecting":
            state += f" ({progress.text()})"
        state = state if server.enabled else "disabled"
        print(f"{printable(server.name)}  {state}  {share_text(server)}  {' '.join(map(printable, words))}")
        print(f"    {row['binding_word']}: {printable(row['binding_detail'], None)}")
        for note in _confinement_lines(server, http):
            print(f"    {printable(note, None)}")
        if row.get("sessions"):
            hosts = ", ".join(dict.fromkeys(host_of(session) for session in row["sessions"]))
            print(f"    used by {printable(hosts)}, {len(row['sessions'])} bridge session(s)")
        if row.get("waiting_for_consent"):
            print(f"    {printable(row['waiting_for_consent'], None)}")
        if status.get("last_error"):
            print(f"    {printable(status['last_error'], None)}")
        if condition is Condition.NEEDS_ATTENTION:
            print(f"    {why_attention(int(status.get('same_failures') or 0)).text}")
        pairs = target["headers" if http else "env"].items()
        if pairs:
            joiner = ": " if http else "="
            shown = ", ".join(f"{printable(key)}{joiner}{printable(value)}" for key, value in pairs)
            print(f"    {'headers' if http else 'environment'}: {shown}")
        for line in option_lines(server):
            print(line)
