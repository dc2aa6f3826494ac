"""The rule that finds folders on a server's command line and writes placeholders in their place (real folders)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from app.core.model import HttpTarget, StdioTarget
from app.core.servers.arguments import expand_target
from app.core.servers.folder_args import Change, command_line_folders, folder_arguments

FS = "@modelcontextprotocol/server-filesystem"


def made(root: Path, *names: str) -> list[str]:
    for name in names:
        (root / name).mkdir(parents=True)
    return [str(root / name) for name in names]


def test_the_filesystem_server_gets_one_roots_in_place_of_its_folders(tmp_path: Path) -> None:
    alpha, beta = made(tmp_path, "alpha", "beta b")
    found = folder_arguments(StdioTarget(command="npx", args=["-y", FS, alpha, beta, "/no/such/folder"]))
    assert found is not None
    assert found.target.args == ["-y", FS, "{roots}", "/no/such/folder"]
    assert found.folders == (alpha, beta)
    assert found.changes == (Change(f"npx -y {FS} {alpha} '{beta}' /no/such/folder",
                                    f"npx -y {FS} '{{roots}}' /no/such/folder"),)
    # Started with the same folders, it is the command the host wrote (the missing folder aside).
    assert expand_target(found.target, [alpha, beta]).args == ["-y", FS, alpha, beta, "/no/such/folder"]
    assert expand_target(found.target, []).args == ["-y", FS, "/no/such/folder"]  # paused: none of them


def test_mcp_server_git_gets_its_repository_option_in_both_spellings(tmp_path: Path) -> None:
    (repo,) = made(tmp_path, "repo")
    for args in (["mcp-server-git", "--repository", repo], ["mcp-server-git", f"--repository={repo}"]):
        found = folder_arguments(StdioTarget(command="uvx", args=args))
        assert found is not None and found.target.args == ["mcp-server-git", "--repository={root}"]
        assert found.folders == (repo,)


def test_other_servers_get_the_generic_rule_for_arguments_options_and_environment(tmp_path: Path) -> None:
    alpha, beta, out, data = made(tmp_path, "alpha", "beta", "out", "data")
    target = StdioTarget(command="my-server", args=["--port", "3", alpha, beta, "--out", out, f"--data={data}",
                                                    "-d", alpha, "relative/dir"],
                         env={"PROJECTS": os.pathsep.join([alpha, beta]), "MODE": "dev"})
    found = folder_arguments(target)
    assert found is not None
    assert found.target.args == ["--port", "3", "{roots}", "--out={root}", "--data={root}", "-d{root}",
                                 "relative/dir"]
    assert found.target.env == {"PROJECTS": "{roots}", "MODE": "dev"}
    assert found.folders == (alpha, beta, out, data)
    assert [change.after for change in found.changes] == [
        "my-server --port 3 '{roots}' '--out={root}' '--data={root}' '-d{root}' relative/dir", "PROJECTS={roots}"]
    one = expand_target(found.target, [alpha])
    assert one.args == ["--port", "3", alpha, f"--out={alpha}", f"--data={alpha}", f"-d{alpha}", "relative/dir"]
    assert one.env["PROJECTS"] == alpha


def test_the_servers_own_program_folders_and_system_folders_are_left_alone(tmp_path: Path) -> None:
    program, data = made(tmp_path, "program", "data")
    (Path(program) / "server.py").write_text("")
    untouched = [
        StdioTarget(command="uv", args=["--directory", program, "run", "server.py"]),
        StdioTarget(command="uvx", args=[f"--from={program}", "thing"]),
        StdioTarget(command=sys.executable, args=[str(Path(program) / "server.py"), program]),
        StdioTarget(command="server", args=[program], cwd=program),
        StdioTarget(command="server", args=["/usr/lib", "/etc"]),
        StdioTarget(command="server", env={"PATH": data, "PYTHONPATH": data, "TOOL_HOME": data}),
        StdioTarget(command="server", args=["data", "~nobody-here/x", str(Path(program) / "server.py")]),
        StdioTarget(command="npx", args=["-y", FS, "{roots}", data]),  # the user wrote its form already
    ]
    for target in untouched:
        assert folder_arguments(target) is None, target
    assert folder_arguments(HttpTarget(url="http://127.0.0.1:9/mcp")) is None
    assert command_line_folders(StdioTarget(command="python", args=[str(Path(program) / "server.py"), data])) == [
        data]


def test_a_home_relative_folder_is_found_as_the_folder_it_names(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HOME", str(tmp_path))
    (notes,) = made(tmp_path, "notes")
    found = folder_arguments(StdioTarget(command="npx", args=["-y", FS, "~/notes"]))
    assert found is not None and found.folders == (notes,) and found.target.args == ["-y", FS, "{roots}"]
