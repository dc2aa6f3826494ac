"""Host config files as big as real ones grow: Claude Code's `~/.claude.json` after months of use (every
project's prompt history kept in it), and a JSON-with-comments file of the same kind (VS Code, Zed style).

Deterministic for a given size: the same bytes every run, so a benchmark and a test see the same file.
"""

from __future__ import annotations

import json
import random
from typing import Any

SERVER_COMMAND = "npx"
FS_PACKAGE = "@modelcontextprotocol/server-filesystem"

_TEXT = (
    "refactor the parser so it keeps every span, then run the tests again and fix what fails; "
    "why does the bridge exit late on SIGINT? look at src/app.ts and the README section on roots "
    "add a \"retry\" option (default 3) — ünïcødé, 日本語のテキスト, emoji 🚀 and a tab\there "
    "explain this stack trace: Traceback (most recent call last): File \"main.py\", line 12, in <module> "
    "C:\\Users\\me\\project\\build.ps1 failed with exit code 1 // not a comment /* nor this */"
)
_WORDS = _TEXT.split(" ")


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words))


def _history_entry(rng: random.Random) -> dict[str, Any]:
    entry: dict[str, Any] = {"display": _sentence(rng, rng.randint(4, 60)), "pastedContents": {}}
    if rng.random() < 0.15:
        pasted = "\n".join(_sentence(rng, rng.randint(5, 20)) for _ in range(rng.randint(3, 40)))
        entry["pastedContents"] = {"1": {"id": 1, "type": "text", "content": pasted}}
    return entry


def _server(folder: str) -> dict[str, Any]:
    return {"type": "stdio", "command": SERVER_COMMAND, "args": ["-y", FS_PACKAGE, folder], "env": {}}


def _project(rng: random.Random, index: int, with_servers: bool) -> dict[str, Any]:
    return {
        "allowedTools": ["Bash(npm test:*)", "Edit"] if index % 3 == 0 else [],
        "history": [_history_entry(rng) for _ in range(rng.randint(20, 100))],
        "mcpContextUris": [],
        "mcpServers": {f"fs{index}": _server(f"/home/me/src/project-{index}/data")} if with_servers else {},
        "enabledMcpjsonServers": [],
        "disabledMcpjsonServers": [],
        "hasTrustDialogAccepted": True,
        "ignorePatterns": [],
        "projectOnboardingSeenCount": rng.randint(0, 4),
        "hasClaudeMdExternalIncludesApproved": False,
        "hasClaudeMdExternalIncludesWarningShown": False,
        "lastCost": round(rng.random() * 3, 6),
        "lastAPIDuration": rng.randint(1000, 900000),
        "lastDuration": rng.randint(1000, 9000000),
        "lastLinesAdded": rng.randint(0, 900),
        "lastLinesRemoved": rng.randint(0, 400),
        "lastTotalInputTokens": rng.randint(0, 90000),
        "lastTotalOutputTokens": rng.randint(0, 90000),
        "lastSessionId": f"{rng.getrandbits(128):032x}",
        "exampleFiles": ["app.ts", "server.ts", "README.md"],
    }


def claude_code_config(size: int, *, seed: int = 34) -> str:
    """A `~/.claude.json` of about `size` bytes as Claude Code writes it (JSON.stringify with two spaces): many
    projects with their prompt history, two user servers and a few projects with servers of their own."""
    rng = random.Random(seed)
    document: dict[str, Any] = {
        "numStartups": 412,
        "installMethod": "npm-global",
        "autoUpdates": True,
        "tipsHistory": {f"tip-{i}": rng.randint(1, 400) for i in range(30)},
        "userID": f"{rng.getrandbits(256):064x}",
        "firstStartTime": "2025-03-02T09:14:27.118Z",
        "mcpServers": {
            "filesystem": _server("/home/me/Documents"),
            "docs": {"type": "http", "url": "https://docs.example.com/mcp", "headers": {"X-Key": "k1"}},
        },
        "projects": {},
        "cachedChangelog": "\n".join(_sentence(rng, 12) for _ in range(200)),
        "hasCompletedOnboarding": True,
        "lastOnboardingVersion": "2.1.332",
    }
    projects: dict[str, Any] = document["projects"]
    index = 0
    # Grow the projects until the document is about `size` bytes (measured as it goes, a project at a time).
    written = len(json.dumps(document, indent=2, ensure_ascii=False).encode())
    while written < size:
        project = _project(rng, index, with_servers=index % 40 == 7)
        projects[f"/home/me/src/project-{index}"] = project
        written += len(json.dumps({"k": project}, indent=2, ensure_ascii=False).encode()) + 8
        index += 1
    return json.dumps(document, indent=2, ensure_ascii=False)


def commented_config(size: int, *, seed: int = 35) -> str:
    """A JSON-with-comments file (VS Code's `mcp.json` style: tabs, `//` and `/* */` comments, trailing commas)
    of about `size` bytes: a big `inputs`-like history block the servers sit beside, and three servers."""
    rng = random.Random(seed)
    lines = ["// hand-edited, with a long history kept beside the servers", "{", '\t"history": [']
    written = 0
    while written < size:
        line = f'\t\t{{"display": {json.dumps(_sentence(rng, rng.randint(4, 60)), ensure_ascii=False)}}}, // seen'
        lines.append(line)
        written += len(line.encode()) + 1
        if rng.random() < 0.05:
            lines.append("\t\t/* a block comment with \"quotes\" and // slashes */")
    lines += [
        "\t],",
        '\t"servers": {',
        "\t\t/* the folder server */",
        '\t\t"fs": {',
        '\t\t\t"type": "stdio",',
        f'\t\t\t"command": "{SERVER_COMMAND}",',
        f'\t\t\t"args": ["-y", "{FS_PACKAGE}", "/home/me/Documents"], // trailing comment',
        "\t\t},",
        '\t\t"git": {"command": "uvx", "args": ["mcp-server-git"]}, // the second',
        '\t\t"web": {"type": "http", "url": "https://mcp.example.com/mcp"},',
        "\t},",
        "}",
        "",
    ]
    return "\n".join(lines)
