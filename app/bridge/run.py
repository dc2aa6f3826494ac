"""`rootkeeper bridge`: find or register the server, guard stdout, start both sides and run the bridge.

Only the standard library, core and this package are imported on the way (no SDK, no Qt), so
the bridge adds little to a server's start. The HTTP upstream imports `httpx2` when it is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import logging.handlers
import os
import signal
import stat
import sys
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, NoReturn

from app.bridge.framing import MAX_MESSAGE_BYTES, BlockingWriter, LineWriter, read_message
from app.bridge.proxy import Bridge, Upstream
from app.bridge.refusing import refuse_every_request
from app.bridge.restart import RestartingUpstream
from app.bridge.source import WatcherRootsSource
from app.bridge.status import SessionStatus
from app.bridge.stdio_upstream import ConfinementUnavailable, StdioUpstream, UpstreamError
from app.core.confine.support import ConfinementImpossible
from app.core.model import ServerEntry, StdioTarget
from app.core.servers.adhoc import adhoc_entry, known_adhoc
from app.core.servers.era import handshake_only
from app.core.servers.secrets import AnyTarget, SecretError, reveal
from app.core.servers.starting import depends_on_folders
from app.core.store.store import Store
from app.core.system.fileio import private_dir
from app.core.system.locations import state_home
from app.core.system.logfile import PrivateRotatingFileHandler
from app.core.system.logsetup import hide_secrets
from app.core.text import UserError

log = logging.getLogger("app.bridge")

LOG_BYTES = 1024 * 1024
SERVER_LOG_BYTES = 5 * 1024 * 1024

class BridgeError(UserError):
    """A refusal before the bridge starts: one sentence of the catalogue for stderr."""


# -- which server -----------------------------------------------------------------------------------------


def configured_entry(store: Store, name: str) -> ServerEntry:
    entry = store.load().server(name)
    if entry is None:
        raise BridgeError("server.not_found", name=name)
    return entry


def register_adhoc(store: Store, name: str | None, command_line: list[str], confined: bool | None = None
                   ) -> ServerEntry:
    """The store's entry for this command, added (consent pending, sharing nothing yet) when it is new: confined
    as `confined` says, or where the system can confine (None), like every new stdio server.

    Confinement asked for where the system cannot confine raises `ConfinementUnavailable` (nothing is written):
    the bridge then fails closed, as for a stored confined server (`refuse`)."""
    known = known_adhoc(store.load(), name, command_line)
    if known is not None:  # the common case: started again by the same host, nothing to write
        return known
    try:
        with store.transaction() as data:
            entry, _new = adhoc_entry(data, name, command_line, confined)
    except ConfinementImpossible as refused:
        raise ConfinementUnavailable(refused.code, **refused.args_map) from refused
    except UserError as refused:
        raise BridgeError(refused.code, **refused.args_map) from refused
    return entry


# -- the process ----------------------------------------------------------------------------------------------


def _private_log(path: Path) -> logging.Handler:
    private_dir(path.parent)
    # Private files, rotated; a full disk drops records with one sentence instead of a traceback each.
    handler = PrivateRotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=2, encoding="utf-8")
    handler.setFormatter(logging.Formatter(f"%(asctime)s [{os.getpid()}] %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(hide_secrets)
    return handler


def setup_logging(server: str) -> None:
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    path = state_home() / "logs" / f"bridge-{server}.log"
    try:
        root.addHandler(_private_log(path))
    except OSError as exc:  # a read-only state folder: the bridge still runs, logging to stderr (the host's log)
        print(f"rootkeeper: Cannot write the log file {path} ({exc.strerror or exc}); logging to stderr instead.",
              file=sys.stderr, flush=True)
        fallback = logging.StreamHandler(sys.stderr)
        fallback.setFormatter(logging.Formatter("rootkeeper: %(message)s"))
        fallback.setLevel(logging.WARNING)
        root.addHandler(fallback)
    level = os.environ.get("ROOTKEEPER_LOG_LEVEL", "INFO").upper()
    root.setLevel(level if level in logging.getLevelNamesMapping() else "INFO")


def guard_stdio() -> tuple[int, int]:
    """Keep fds 0 and 1 for the protocol only; anything else printed (by us or a library) goes to stderr."""
    protocol_in, protocol_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        os.dup2(2, 1)
    except OSError:  # no stderr at all: stray output goes nowhere
        os.dup2(devnull, 1)
    os.dup2(devnull, 0)
    os.close(devnull)
    return protocol_in, protocol_out


def _revealed(target: AnyTarget) -> AnyTarget:
    try:
        return reveal(target)
    except SecretError as exc:
        raise UpstreamError(exc.code, **exc.args_map) from None


def _stdio_upstream(entry: ServerEntry) -> StdioUpstream:
    target = _revealed(entry.target)
    assert isinstance(target, StdioTarget)
    env = {**os.environ, **target.env}
    stderr_log = state_home() / "logs" / f"bridge-{entry.name}.server.log"
    _set_aside_when_large(stderr_log)
    return StdioUpstream(target.command, list(target.args), env=env, cwd=target.cwd, stderr_log=stderr_log)


def make_upstream(entry: ServerEntry, source: WatcherRootsSource | None = None) -> Upstream:
    """The server's side. With a source, a stdio server can always be restarted: one whose command line takes
    roots as arguments (or that is confined) when its folders change, and one seen during this very session to
    ask for its folders only when it connects when the `Bridge` finds it did not relist after being told."""
    target = entry.target
    if isinstance(target, StdioTarget):
        if source is not None:
            return RestartingUpstream(entry, source, _stdio_upstream)
        return _stdio_upstream(entry)
    from app.bridge.http_upstream import HttpUpstream

    revealed = _revealed(target)
    return HttpUpstream(revealed.url, dict(revealed.headers))


def _set_aside_when_large(path: Path) -> None:
    """The server writes its stderr straight to the file, so it is bounded at each start instead of rotated."""
    with contextlib.suppress(OSError):
        if path.stat().st_size > SERVER_LOG_BYTES:
            os.replace(path, path.with_name(path.name + ".1"))


async def _host_streams(protocol_in: int, protocol_out: int) -> tuple[asyncio.StreamReader, LineWriter]:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=MAX_MESSAGE_BYTES)
    stdin = os.fdopen(protocol_in, "rb", buffering=0)
    if _is_pipe(protocol_in):
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), stdin)
    else:  # a file, /dev/null or a terminal, which epoll may refuse: read on a thread instead
        _feed_from_thread(loop, reader, stdin)
    stdout = os.fdopen(protocol_out, "wb", buffering=0)
    if not _is_pipe(protocol_out):  # output sent to a file: plain blocking writes will do
        return reader, LineWriter(BlockingWriter(stdout))
    transport, protocol = await loop.connect_write_pipe(
        lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader()), stdout
    )
    return reader, LineWriter(asyncio.StreamWriter(transport, protocol, None, loop))


def _is_pipe(fd: int) -> bool:
    mode = os.fstat(fd).st_mode
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def _feed_from_thread(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader, stdin: Any) -> None:
    import threading

    def pump() -> None:
        while chunk := stdin.read(65536):
            loop.call_soon_threadsafe(reader.feed_data, chunk)
        loop.call_soon_threadsafe(reader.feed_eof)

    threading.Thread(target=pump, name="bridge-stdin", daemon=True).start()


async def serve(store: Store, entry: ServerEntry, protocol_in: int, protocol_out: int) -> int:
    main = asyncio.current_task()
    loop = asyncio.get_running_loop()
    upstream: Upstream | None = None

    def stop(signum: int) -> None:
        if upstream is not None:
            upstream.interrupt(signum)
        if main is not None:
            main.cancel()

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, AttributeError):  # no signal handlers on Windows
            loop.add_signal_handler(sig, stop, sig)
    reader, host = await _host_streams(protocol_in, protocol_out)
    source = WatcherRootsSource(store, entry.name)
    status = SessionStatus(state_home(), entry.name, entry.target.kind)
    status.start()
    try:
        upstream = make_upstream(entry, source)
    except UpstreamError as exc:  # a secret it needs cannot be fetched
        log.error("%s", exc)
        print(f"rootkeeper bridge: {exc}", file=sys.stderr)
        host.close()
        await status.close()
        return 1
    if isinstance(upstream, RestartingUpstream):  # the history records the folders each process starts with
        upstream.on_launched = lambda folders: status.history.given_arguments(
            entry.name, folders, via="bridge", host=status.host_name())
    try:
        try:
            if depends_on_folders(entry):  # its command line needs the checked list
                await source.start()
                await upstream.start()
            else:  # the server starts while the store is read and checked: it needs no roots to start
                await asyncio.gather(upstream.start(), source.start())
        except ConfinementUnavailable as exc:  # it fails closed, and the host is told why at each request
            return await _refuse_with(reader, host, exc)
        except UpstreamError as exc:  # its command is missing or cannot run: the host is told at each request
            await _refuse_with(reader, host, exc)
            return 1
        bridge = Bridge(
            read_host=lambda: read_message(reader),
            host=host,
            upstream=upstream,
            source=source,
            status=status,
            legacy_pin=handshake_only(entry.era, legacy_only=entry.legacy_only),
        )
        _tell_of_restarts(upstream, bridge)
        return await bridge.run()
    except asyncio.CancelledError:
        log.info("stopped by a signal")
        return 0
    finally:
        host.close()
        # Side by side: the host waits for the bridge to exit (and signals it again when that takes long).
        await asyncio.gather(_quietly(upstream.close()), source.stop(), status.close())


async def _refuse_with(reader: asyncio.StreamReader, host: LineWriter, refused: UpstreamError) -> int:
    """Say why the server is not started (the log, stderr) and answer each of the host's requests with it."""
    log.error("%s", refused)
    print(f"rootkeeper bridge: {refused}", file=sys.stderr)
    return await refuse_every_request(reader, host, str(refused))


async def _refuse_only(protocol_in: int, protocol_out: int, refused: UpstreamError) -> int:
    reader, host = await _host_streams(protocol_in, protocol_out)
    try:
        return await _refuse_with(reader, host, refused)
    finally:
        host.close()


def refuse(label: str, refused: UpstreamError) -> int:
    """The bridge for a server it may not start and has no entry for (confinement asked for where the system
    cannot confine): it fails closed like the bridge of a stored confined server, `label` naming its log."""
    setup_logging(label)
    protocol_in, protocol_out = guard_stdio()
    try:
        return asyncio.run(_refuse_only(protocol_in, protocol_out, refused))
    except Exception:
        log.exception("the bridge failed")
        return 1


def _tell_of_restarts(upstream: Upstream, bridge: Bridge) -> None:
    """A new process, or a new HTTP session in place of one the server lost: the bridge starts the server's
    roots afresh, and a request the server refused with the lost session waits for them before it goes again."""
    if isinstance(upstream, RestartingUpstream):
        upstream.on_restarted = bridge.server_restarted
        return
    if "app.bridge.http_upstream" not in sys.modules:  # not imported: the server is not HTTP
        return
    from app.bridge.http_upstream import HttpUpstream

    if isinstance(upstream, HttpUpstream):
        upstream.on_restarted = bridge.server_restarted
        upstream.before_retry = bridge.first_call_ready


async def _quietly(closing: Awaitable[None]) -> None:
    with contextlib.suppress(Exception):
        await closing


def leave(code: int) -> NoReturn:
    """End the bridge process at once with `code`, once `run_bridge` has closed and flushed all it owns (the
    server stopped, the host's pipe closed, the history closed).

    The interpreter's own teardown frees every object one by one: 200-400 ms of CPU on a loaded machine,
    while the host waits for the bridge to exit (Claude Code sends SIGTERM when SIGINT takes longer).
    """
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


def run_bridge(store: Store, entry: ServerEntry) -> int:
    setup_logging(entry.name)
    log.info("bridge for %s (%s) starting", entry.name, entry.target.kind)
    protocol_in, protocol_out = guard_stdio()
    try:
        return asyncio.run(serve(store, entry, protocol_in, protocol_out))
    except Exception:
        log.exception("the bridge failed")
        return 1
    finally:
        log.info("bridge for %s ended", entry.name)
