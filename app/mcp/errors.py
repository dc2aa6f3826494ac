"""Turning whatever a failed MCP connection raised into one sentence a user can act on.

The SDK reports failures as nested `ExceptionGroup`s of transport, protocol and cancellation errors,
and over HTTP it replaces the status code by a generic JSON-RPC error. `describe_failure` digs out
the leaf that explains the failure and phrases it; the facts the exception cannot carry (the HTTP
status, garbage seen on stdout, the end of the server's log) come in through `FailureContext`.

Importing this module does not import the SDK: the checks below import it only when a failure is
being described, by which time the SDK is loaded anyway.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from app.core.text import Message, UserError, message

logger = logging.getLogger(__name__)

# JSON-RPC / MCP error codes, spelled out here so this module stays free of SDK imports.
CONNECTION_CLOSED = -32000
REQUEST_TIMEOUT = -32001
UNSUPPORTED_PROTOCOL_VERSION = -32022
INTERNAL_ERROR = -32603

TransportKind = Literal["stdio", "http"]


class _MessageError(RuntimeError):
    """An error whose str() is one sentence, with its code and arguments in `.message`."""

    def __init__(self, said: Message | str) -> None:
        self.message = said if isinstance(said, Message) else Message("mcp.unexpected", said, {"error": said})
        super().__init__(self.message.text)


class ServerUnavailableError(_MessageError):
    """The server is not connected (still connecting, backing off, failed or stopped); str() says why."""


class ToolCallError(_MessageError):
    """A tool call failed at the protocol or transport level (not a tool result with `isError`)."""


class WithheldError(ToolCallError):
    """The server answered, but the answer shows it serving a folder the user took away: it is withheld, and
    str() says why in the same sentence a bridge answers (`app.core.roots.sharing.withheld`)."""


@dataclass(frozen=True)
class FailureContext:
    transport: TransportKind
    timeout: float
    command: str | None = None
    cwd: str | None = None
    url: str | None = None
    http_error: Message | None = None
    """"HTTP 401 Unauthorized from …", when the SDK turned a status code into a JSON-RPC error."""
    session_lost: Message | None = None
    """Set when the HTTP session ended because the server forgot it or stopped answering."""
    saw_non_jsonrpc: bool = False
    too_large: int | None = None
    """The size limit (bytes) a message from the server outgrew, which ended the connection."""
    log_tail: str | None = None
    """The last line the server wrote to its log during this attempt, if any."""
    log_cause: str | None = None
    """The last line of this attempt's log that looks like an error (`app.core.servers.log_cause`), if any."""
    exit_status: int | None = None
    """How the server process ended, when it did (a signal as its negative number)."""
    confined: bool = False
    """The server was started through the confining launcher (`app.core.confine.launch`)."""


@dataclass(frozen=True)
class Failure:
    message: Message
    permanent: bool = False
    """Retrying cannot help (the server speaks no protocol version we do); the caller stops retrying."""
    spawn_failed: bool = False
    """The server process never started, so the era probe cannot be what broke it."""

    @property
    def sentence(self) -> str:
        return self.message.text

    @property
    def code(self) -> str:
        return self.message.code

    def status_fields(self) -> dict[str, object]:
        """The failure as `ConnectionStatus` fields: the sentence, and its code and arguments for translation."""
        return {"last_error": self.message.text, "last_error_code": self.message.code,
                "last_error_args": dict(self.message.args)}


def leaf_errors(error: BaseException) -> Iterator[BaseException]:
    """Every non-group exception inside `error`, depth first."""
    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            yield from leaf_errors(inner)
    else:
        yield error


def real_errors(error: BaseException) -> list[BaseException]:
    """The leaves of `error` that are not cancellations."""
    return [leaf for leaf in leaf_errors(error) if not isinstance(leaf, asyncio.CancelledError)]


def describe_failure(error: BaseException | None, context: FailureContext) -> Failure:
    """One sentence for the most telling leaf of `error`; `None` means our own deadline ran out."""
    if context.too_large is not None:
        return _too_large(context.too_large)
    if context.session_lost is not None:
        return Failure(context.session_lost)
    leaves = [leaf for leaf in leaf_errors(error) if not _is_cancellation(leaf)] if error else []
    for leaf in leaves:
        if isinstance(leaf, UserError):  # Rootkeeper's own sentence (a server secret that cannot be fetched)
            return _own_refusal(leaf)
    if context.confined and (refused := _launcher_refusal(context)) is not None:
        return refused
    for describe in (_spawn_failure, _network_failure, _protocol_failure):
        for leaf in leaves:
            if (failure := describe(leaf, context)) is not None:
                return failure
    if not leaves or any(isinstance(leaf, TimeoutError) for leaf in leaves):
        return Failure(_silence(context))
    leaf = leaves[0]
    return Failure(message("mcp.unexpected", error=f"{type(leaf).__name__}: {_clip(str(leaf))}"))


def failure_outside_protocol(error: Exception, server: str) -> Failure:
    """A connection attempt that failed before any protocol: Rootkeeper's own sentence, or a bug (logged in full)."""
    if isinstance(error, UserError):  # a server secret that cannot be fetched, …: the user can act on it
        logger.info("Not connecting to %s: %s", server, error.message.text)
        return _own_refusal(error)
    logger.exception("Connecting to %s failed unexpectedly", server)
    return Failure(message("mcp.unexpected", error=f"{type(error).__name__}: {error}"))


def _own_refusal(error: UserError) -> Failure:
    """Rootkeeper's own sentence; permanent for a confined server this system cannot confine (retrying cannot help
    until the user turns its confinement off, which starts a new connection)."""
    from app.engine.process_group import ConfinementRefused

    if isinstance(error, ConfinementRefused):
        return Failure(error.message, permanent=True, spawn_failed=True)
    return Failure(error.message)


def _launcher_refusal(context: FailureContext) -> Failure | None:
    """The confining launcher started, then refused (a step of the ruleset failed): its sentence is the log's last
    line, and starting it again would fail the same way."""
    from app.core.confine.launch import refusal_in

    said = refusal_in(context.log_tail) if context.log_tail is not None else None
    if said is None:
        return None
    return Failure(message("mcp.closed_with_log", log_tail=said), permanent=True, spawn_failed=True)


def describe_disconnect(context: FailureContext) -> Failure:
    """The sentence for a session that ended because the server closed its side (or lost the session)."""
    if context.too_large is not None:
        return _too_large(context.too_large)
    if context.confined and (refused := _launcher_refusal(context)) is not None:
        return refused
    return Failure(context.session_lost or _closed(context))


def _too_large(limit: int) -> Failure:
    # Permanent: the same server would pin the CPU again on every reconnect.
    return Failure(message("mcp.message_too_large", limit=f"{limit / (1 << 20):g}"), permanent=True)


def http_error_message(status: int, reason: str, url: str) -> Message:
    if reason:
        return message("mcp.http_status", status=status, reason=reason, url=url)
    return message("mcp.http_status_bare", status=status, url=url)


def _is_cancellation(error: BaseException) -> bool:
    return isinstance(error, asyncio.CancelledError | KeyboardInterrupt | SystemExit | GeneratorExit)


def _spawn_failure(error: BaseException, context: FailureContext) -> Failure | None:
    if context.transport != "stdio" or not isinstance(error, OSError):
        return None
    command = context.command or "?"
    if isinstance(error, FileNotFoundError):
        if context.cwd and error.filename == context.cwd:
            return Failure(message("mcp.cwd_missing", cwd=context.cwd), spawn_failed=True)
        return Failure(message("mcp.command_not_found", command=command), spawn_failed=True)
    if isinstance(error, PermissionError):
        return Failure(message("mcp.command_permission_denied", command=command), spawn_failed=True)
    return Failure(message("mcp.command_failed", command=command, reason=error.strerror or error), spawn_failed=True)


def _network_failure(error: BaseException, context: FailureContext) -> Failure | None:
    import httpx2

    if not isinstance(error, httpx2.TransportError):
        return None
    where = host_port(context.url or "")
    if isinstance(error, httpx2.TimeoutException):
        return Failure(_silence(context))
    if any(isinstance(cause, ConnectionRefusedError) for cause in _causes(error)):
        return Failure(message("mcp.connection_refused", where=where))
    if isinstance(error, httpx2.ConnectError):
        return Failure(message("mcp.connect_failed", where=where, reason=_clip(_root_cause_text(error))))
    return Failure(message("mcp.connection_failed", where=where, reason=_clip(_root_cause_text(error))))


def _protocol_failure(error: BaseException, context: FailureContext) -> Failure | None:
    from mcp.shared.exceptions import MCPError
    from pydantic import ValidationError

    if isinstance(error, MCPError):
        code = error.error.code
        if code == CONNECTION_CLOSED:
            return Failure(_closed(context))
        if code == INTERNAL_ERROR and context.http_error:
            return Failure(context.http_error)
        if code == REQUEST_TIMEOUT:
            return Failure(_silence(context))
        if code == UNSUPPORTED_PROTOCOL_VERSION:
            offered = _supported_versions(error.error.data)
            return Failure(message("mcp.unsupported_versions", versions=offered), True)
        return Failure(message("mcp.server_error", code=code, reason=_clip(error.error.message)))
    if isinstance(error, ValidationError):
        return Failure(message("mcp.schema_violation"))
    if isinstance(error, RuntimeError) and "protocol version" in str(error).lower():
        return Failure(message("mcp.unsupported_version", reason=_clip(str(error))), True)
    return None


def _closed(context: FailureContext) -> Message:
    if context.saw_non_jsonrpc:
        return _non_jsonrpc(context)
    if context.http_error:
        return context.http_error
    cause = _clip(context.log_cause) if context.log_cause else None
    status = context.exit_status
    if status is not None and status < 0:
        if cause:
            return message("mcp.signalled_with_cause", signal=-status, cause=cause)
        return message("bridge.signalled", signal=-status)
    if status is not None and status > 0:
        if cause:
            return message("mcp.exited_with_cause", code=status, cause=cause)
        if context.log_tail:  # it ended by itself: what it said last is likely why ("Set API_KEY first")
            return message("mcp.exited_with_log", code=status, log_tail=_clip(context.log_tail))
        return message("bridge.exited", code=status)
    if cause:
        return message("mcp.closed_with_cause", cause=cause)
    if context.log_tail:
        return message("mcp.closed_with_log", log_tail=_clip(context.log_tail))
    return message("mcp.closed")


def _silence(context: FailureContext) -> Message:
    if context.saw_non_jsonrpc:
        return _non_jsonrpc(context)
    if context.http_error:
        return context.http_error
    return message("mcp.no_answer", seconds=f"{context.timeout:g}")


def _non_jsonrpc(context: FailureContext) -> Message:
    if context.transport == "stdio":
        return message("mcp.not_jsonrpc_stdout")
    return message("mcp.not_jsonrpc")


def _supported_versions(data: object) -> str:
    if isinstance(data, dict) and isinstance(supported := data.get("supported"), list):
        return ", ".join(str(version) for version in supported) or "none"
    return "none named"


def _causes(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _root_cause_text(error: BaseException) -> str:
    *_, deepest = _causes(error)
    return str(deepest) or type(deepest).__name__


def host_port(url: str) -> str:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if not parts.hostname:
        return url or "the server"
    port = parts.port or (443 if parts.scheme == "https" else 80)
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{host}:{port}"


def _clip(text: str, limit: int = 200) -> str:
    text = " ".join(text.split()).rstrip(".")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_log_tail(path: Path, offset: int) -> list[str]:
    """The non-empty lines written to `path` after `offset` (oldest first), reading at most the final 16 KiB."""
    try:
        with path.open("rb") as file:
            size = file.seek(0, 2)
            file.seek(max(offset, size - 16384))
            chunk = file.read().decode("utf-8", "replace")
    except OSError:
        return []
    return [line.rstrip() for line in chunk.splitlines() if line.strip()]
