"""How a CLI command ends when its terminal misbehaves: a closed pipe, a full disk, Ctrl+C.

The exit status always says whether the store changed:

    0    done                                    1    refused; nothing was changed
    2    the command line or environment is wrong 3    the change was saved, but not (fully) reported
    130  interrupted; nothing was changed        141  the output pipe was closed; nothing was changed

Output goes through `GuardedStream`, so a failure to write it is told apart from every other
`OSError`; after one, the standard output is pointed at the null device so that Python's own final
flush cannot print a traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import sys
from collections.abc import Callable
from typing import Any, TextIO

from app.core.paths import TERMINAL_CONTROLS, printable
from app.core.store.json_text import indented
from app.core.text import sentence

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_SAVED_UNREPORTED = 3
EXIT_INTERRUPTED = 130
EXIT_PIPE_CLOSED = 141


class OutputError(Exception):
    """Writing the command's output failed; `reason` is the system's word for why."""

    def __init__(self, exc: OSError) -> None:
        super().__init__(exc.strerror or str(exc))
        self.closed = isinstance(exc, BrokenPipeError)
        self.reason = exc.strerror or type(exc).__name__


class GuardedStream(io.TextIOBase):
    """A text stream that raises `OutputError` for any failure to write, and never fails to encode."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner
        with contextlib.suppress(AttributeError, ValueError):
            # An undecodable file name (or any character the locale cannot show) is escaped, not a crash.
            inner.reconfigure(errors="backslashreplace")  # type: ignore[attr-defined]

    def write(self, text: str) -> int:
        try:
            return self._inner.write(text)
        except OSError as exc:
            raise OutputError(exc) from exc

    def flush(self) -> None:
        try:
            self._inner.flush()
        except OSError as exc:
            raise OutputError(exc) from exc

    def fileno(self) -> int:
        return self._inner.fileno()

    def isatty(self) -> bool:
        return self._inner.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._inner.encoding


def say(text: str) -> None:
    """One line on stderr; a failing stderr has nowhere left to report to, so it is ignored."""
    with contextlib.suppress(OSError, ValueError):
        print(f"rootkeeper: {printable(text, None)}", file=sys.stderr, flush=True)


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    return ch if ch == "\n" else f"\\u{ord(ch):04x}"


def note(text: str) -> None:
    """A `Note:` line on stderr, escaped like every other line; a failing stderr is ignored."""
    with contextlib.suppress(OSError, ValueError):
        print(f"Note: {printable(text, None)}", file=sys.stderr, flush=True)


def print_json(value: Any) -> None:
    """`value` as exact JSON that is also safe on a terminal.

    `json` already escapes C0 controls inside strings; the other characters a terminal acts on (DEL,
    C1, bidi overrides) become `\\uXXXX` escapes too, which parse back to the very same value. The only
    raw newlines left are the indentation's.
    """
    text = indented(value, ensure_ascii=False)
    if not text.isascii() or "\x7f" in text:  # else the only controls are the indentation's newlines
        text = TERMINAL_CONTROLS.sub(_json_escape, text).encode("utf-8", "backslashreplace").decode("utf-8")
    print(text)


def _silence_stdout() -> None:
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())  # type: ignore[union-attr]
        os.close(devnull)


def _outcome_after_interrupt(saved: bool) -> int:
    if saved:
        say(sentence("cli.interrupted_saved"))
        return EXIT_SAVED_UNREPORTED
    say(sentence("cli.interrupted"))
    return EXIT_INTERRUPTED


def _outcome_after_output_error(error: OutputError, saved: bool) -> int:
    _silence_stdout()
    if saved:
        say(sentence("cli.report_unwritten", reason=error.reason))
        return EXIT_SAVED_UNREPORTED
    if error.closed:
        return EXIT_PIPE_CLOSED  # `| head` closed the pipe on purpose: nothing to say
    say(sentence("cli.output_unwritten", reason=error.reason))
    return EXIT_REFUSED


def run_guarded(command: Callable[[], int], saved: Callable[[], bool], finish: Callable[[], None]) -> int:
    """Run `command`, flush its output, then `finish` (notices); `saved` tells whether the store was written."""
    stdout, handler = sys.stdout, _current_interrupt_handler()
    sys.stdout = GuardedStream(stdout)
    try:
        try:
            code = command()
            sys.stdout.flush()
        except KeyboardInterrupt:
            _set_interrupt_handler(signal.SIG_IGN)  # the outcome is being decided; a second Ctrl+C waits
            code = _outcome_after_interrupt(saved())
        except OutputError as error:
            _set_interrupt_handler(signal.SIG_IGN)
            code = _outcome_after_output_error(error, saved())
        else:
            _set_interrupt_handler(signal.SIG_IGN)  # decided: a late Ctrl+C must not become a traceback
        finish()
        return code
    finally:
        sys.stdout = stdout
        _set_interrupt_handler(handler)


def _current_interrupt_handler() -> Any:
    return signal.getsignal(signal.SIGINT)


def _set_interrupt_handler(handler: Any) -> None:
    if handler is None:
        return
    with contextlib.suppress(ValueError):  # only the main thread may set handlers (main() run from a thread)
        signal.signal(signal.SIGINT, handler)


def interactive() -> bool:
    """Whether a person is at the terminal: both standard input and output are one."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        return sys.stdin.isatty() and sys.stdout.isatty()
    return False


def ask(question: str, default: bool) -> bool:
    """A yes/no question on the terminal; Enter (or the end of input) takes `default`."""
    hint = "[Y/n]" if default else "[y/N]"
    while True:
        print(f"{printable(question, None)} {hint}".lstrip() + " ", end="", flush=True)
        answer = sys.stdin.readline()
        if not answer:
            print()
            return default
        word = answer.strip().lower()
        if not word:
            return default
        if word in ("y", "yes", "n", "no"):
            return word.startswith("y")
