"""The macOS Seatbelt profile generated from a `Boundary`, read back by a small SBPL reader: every path arrives
intact whatever it holds, every part of the boundary gets exactly its operations, and nothing else is allowed on
files. (`tests/confine/test_seatbelt_macos.py` runs it under the real `sandbox-exec` on macOS.)"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.confine import seatbelt
from app.core.confine.boundary import Boundary
from app.core.confine.wrap import LAUNCHER, PREPARE_TEMP, confined_target
from app.core.model import StdioTarget


class Text(str):
    """A string literal of the profile (a bare word stays a plain `str`)."""


Form = list["Form"] | str

_UNESCAPE = {"n": "\n", "r": "\r", "t": "\t", "\\": "\\", '"': '"'}


def read(source: str) -> list[Form]:
    """The profile's top-level forms, as SBPL's reader sees them: lists, words and string literals (with
    `\\n`, `\\r`, `\\t`, `\\\\`, `\\"` and `\\xHH` escapes); `;` starts a comment."""
    stack: list[list[Form]] = [[]]
    index = 0
    while index < len(source):
        char = source[index]
        if char in " \t\n\r":
            index += 1
        elif char == ";":
            index = source.index("\n", index)
        elif char == "(":
            stack.append([])
            index += 1
        elif char == ")":
            done = stack.pop()
            stack[-1].append(done)
            index += 1
        elif char == '"':
            chars: list[str] = []
            index += 1
            while source[index] != '"':
                if source[index] == "\\":
                    code = source[index + 1]
                    if code == "x":
                        chars.append(chr(int(source[index + 2:index + 4], 16)))
                        index += 4
                        continue
                    chars.append(_UNESCAPE[code])
                    index += 2
                    continue
                assert source[index] not in "\n\r\x00", "a raw control character inside a string"
                chars.append(source[index])
                index += 1
            stack[-1].append(Text("".join(chars)))
            index += 1
        else:
            end = index
            while end < len(source) and source[end] not in ' \t\n\r()";':
                end += 1
            stack[-1].append(source[index:end])
            index = end
    assert len(stack) == 1, "unbalanced parentheses"
    return stack[0]


def allowed(profile: str) -> dict[str, set[tuple[str, str]]]:
    """Each allowed operation and its filters, as (kind, value) pairs: ("subpath", path), ("literal", path),
    ("global-name", name), ("target", "same-sandbox"); an operation allowed everywhere has ("*", "*")."""
    rules: dict[str, set[tuple[str, str]]] = {}
    for form in read(profile):
        assert isinstance(form, list) and form, form
        if form[0] != "allow":
            continue
        operations = [word for word in form[1:] if isinstance(word, str) and not isinstance(word, Text)]
        filters = [word for word in form[1:] if isinstance(word, list)]
        for operation in operations:
            found = rules.setdefault(operation, set())
            if not filters:
                found.add(("*", "*"))
            for one in filters:
                assert len(one) == 2 and isinstance(one[0], str) and isinstance(one[1], str), one
                found.add((one[0], one[1]))
    return rules


def paths(rules: dict[str, set[tuple[str, str]]], operation: str) -> set[str]:
    return {value for kind, value in rules.get(operation, set()) if kind in ("subpath", "literal")}


HOSTILE = (
    '/Users/me/say "hi"',
    "/Users/me/back\\slash\\",
    "/Users/me/new\nline",
    '/Users/me/x") (allow file-write* (subpath "/',
    "/Users/me/(paren) and ;semicolon",
    "/Users/me/tab\tand\rreturn and \x01 and \x7f",
    "/Users/me/Ünïcødé 文件",
)


def limits(**parts: object) -> Boundary:
    values: dict[str, object] = {
        "read_write": ("/Users/me/project",),
        "read_only": ("/Users/me/docs",),
        "program": ("/usr", "/Users/me/.nvm/versions/node/v22"),
        "caches": ("/Users/me/.npm",),
        "temp": "/Users/me/Library/rk/confined/fs",
        "devices": ("/dev/null", "/dev/urandom"),
        "proc": ("/proc/self",),
    }
    values.update(parts)
    return Boundary(**values)  # type: ignore[arg-type]


def same(path: str) -> str:
    return path


def test_hostile_paths_arrive_intact_and_add_no_rule() -> None:
    honest = allowed(seatbelt.profile(limits(), resolve=same))
    hostile = limits(read_write=HOSTILE[:4], read_only=HOSTILE[4:5], program=HOSTILE[5:6], caches=HOSTILE[6:],
                     temp=HOSTILE[0] + "/tmp")
    text = seatbelt.profile(hostile, resolve=same)
    rules = allowed(text)
    assert set(rules) == set(honest), "the same operations, no more"
    for path in HOSTILE[:4]:
        assert all(path in paths(rules, op) for op in ("file-read*", "file-write*", "file-map-executable"))
    assert HOSTILE[4] in paths(rules, "file-read*") and HOSTILE[4] not in paths(rules, "file-write*")
    assert HOSTILE[5] in paths(rules, "file-read*") and HOSTILE[5] not in paths(rules, "file-write*")
    assert HOSTILE[6] in paths(rules, "file-write*")
    assert "/" not in paths(rules, "file-write*")
    assert "\n" not in text.split('"/Users/me/new', 1)[1].split('"', 1)[0], "a raw newline inside a string"


def test_the_profile_starts_closed() -> None:
    forms = read(seatbelt.profile(limits(), resolve=same))
    assert forms[0] == ["version", "1"]
    assert forms[1] == ["deny", "default"]
    assert ["allow", "default"] not in forms


def test_every_part_of_the_boundary_gets_exactly_its_operations() -> None:
    given = limits()
    rules = allowed(seatbelt.profile(given, resolve=same))
    read, write = paths(rules, "file-read*"), paths(rules, "file-write*")
    run = paths(rules, "file-map-executable")
    for folder in given.read_write:
        assert ("subpath", folder) in rules["file-read*"] and ("subpath", folder) in rules["file-write*"]
    for folder in given.read_only:
        assert folder in read and folder in run and folder not in write
    for folder in given.program:
        assert ("subpath", folder) in rules["file-read*"] and folder in run and folder not in write
    for folder in (*given.caches, given.temp):
        assert folder in read and folder in write and folder in run
    for device in given.devices:
        for operation in ("file-read*", "file-write*", "file-ioctl"):
            assert ("literal", device) in rules[operation], (device, operation)
        assert device not in run
    for entry in given.proc:
        assert entry in read and entry not in write and entry not in run
    for folder in seatbelt.SYSTEM:
        assert folder in read and folder in run and folder not in write
    assert rules["network*"] == {("*", "*")}
    assert rules["sysctl-read"] == {("*", "*")}
    assert rules["process-exec"] == {("*", "*")} and rules["process-fork"] == {("*", "*")}
    assert rules["signal"] == {("target", "same-sandbox")}
    assert rules["mach-lookup"] == {("global-name", name) for name in seatbelt.SERVICES}


def test_nothing_else_is_allowed_on_files() -> None:
    given = limits()
    rules = allowed(seatbelt.profile(given, resolve=same))
    assert {op for op in rules if op.startswith("file")} == {
        "file-read-metadata", "file-read*", "file-write*", "file-map-executable", "file-ioctl"}
    assert rules["file-read-metadata"] == {("*", "*")}, "stat everywhere, as Landlock allows it"
    everything_readable = {*seatbelt.SYSTEM, *given.program, *given.read_only, *given.read_write, *given.caches,
                           given.temp, *given.proc, *given.devices, *seatbelt.OWN, *seatbelt.LISTED}
    assert paths(rules, "file-read*") == everything_readable
    assert rules["file-read*"] == {(kind, value) for kind, value in rules["file-read*"] if value in
                                   everything_readable}
    assert paths(rules, "file-write*") == {*given.read_write, *given.caches, given.temp, *given.devices}
    assert paths(rules, "file-ioctl") == set(given.devices)
    assert ("literal", "/") in rules["file-read*"] and ("subpath", "/") not in rules["file-read*"]
    assert paths(rules, "file-map-executable") == (everything_readable - set(given.proc) - set(given.devices)
                                                   - set(seatbelt.OWN) - set(seatbelt.LISTED))
    for operation in ("file-read*", "file-write*", "file-map-executable", "file-ioctl"):
        assert ("*", "*") not in rules[operation]


def test_without_devices_no_operation_is_left_unfiltered() -> None:
    rules = allowed(seatbelt.profile(limits(devices=()), resolve=same))
    assert "file-ioctl" not in rules
    assert all(("*", "*") not in rules[op] for op in ("file-read*", "file-write*", "file-map-executable"))


def test_a_path_behind_a_symlink_is_allowed_by_both_names(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    rules = allowed(seatbelt.profile(limits(read_write=(str(tmp_path / "link"),))))
    assert {str(tmp_path / "link"), str(real)} <= paths(rules, "file-write*")


def test_on_macos_the_server_runs_under_sandbox_exec_and_on_linux_under_the_launcher() -> None:
    target = StdioTarget(command="node", args=["server.js", "/Users/me/project"], env={"A": "1"})
    given = limits()
    mac = confined_target(target, given, platform="darwin")
    assert mac.command == "/bin/sh"
    assert mac.args[:4] == ["-c", PREPARE_TEMP, "rootkeeper-confine", given.temp]
    assert mac.args[4:] == [seatbelt.SANDBOX_EXEC, "-p", seatbelt.profile(given), "--", "node", "server.js",
                            "/Users/me/project"]
    assert mac.env == {"A": "1"}
    linux = confined_target(target, given, platform="linux")
    assert linux.command == sys.executable
    assert linux.args[:3] == ["-I", "-S", LAUNCHER]
    assert linux.args[-4:] == ["--", "node", "server.js", "/Users/me/project"]


def prepare(temp: Path, *command: str) -> subprocess.CompletedProcess[str]:
    """The macOS preparation step as the confined target runs it, with `command` in place of `sandbox-exec`."""
    return subprocess.run(["/bin/sh", "-c", PREPARE_TEMP, "rootkeeper-confine", str(temp), *command],
                          capture_output=True, text=True, timeout=30, check=False)


@pytest.mark.skipif(not os.path.exists("/bin/sh"), reason="needs /bin/sh")
def test_the_private_temporary_folder_is_made_then_given_as_tmpdir(tmp_path: Path) -> None:
    temp = tmp_path / "state" / "confined" / "fs"
    done = prepare(temp, "sh", "-c", 'echo "$TMPDIR"; echo "$1"', "sh", "arg with space")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [str(temp), "arg with space"]
    assert stat.S_IMODE(temp.stat().st_mode) == 0o700


@pytest.mark.skipif(not os.path.exists("/bin/sh"), reason="needs /bin/sh")
def test_a_temporary_folder_that_is_a_symlink_is_refused_and_nothing_starts(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "fs").symlink_to(elsewhere)
    marker = tmp_path / "started"
    done = prepare(tmp_path / "fs", "touch", str(marker))
    assert done.returncode == 126
    assert not marker.exists()


def test_kernel_entries_and_devices_are_written_as_they_are() -> None:
    """`/proc/self` resolved while the profile is written would name the writer, not the server."""
    moved = {"/proc/self": "/proc/4242", "/dev/fd": "/proc/4242/fd", "/dev/null": "/elsewhere/null",
             "/Users/me/project": "/Volumes/data/project"}
    text = seatbelt.profile(limits(), resolve=lambda path: moved.get(path, path))
    assert "4242" not in text and "/elsewhere/null" not in text
    assert '(subpath "/Volumes/data/project")' in text, "folders are allowed by their real path too"
