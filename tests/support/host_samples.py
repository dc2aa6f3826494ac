"""Config files in each host's own format, as users write them: comments, env blocks, HTTP entries,
unknown keys, trailing commas where the format allows them. `DATA` is replaced by a real folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DATA = "@DATA@"
MARKER = "MARKER"  # a value outside every server entry, for "the user edited the file meanwhile"


@dataclass(frozen=True)
class Expected:
    name: str
    transport: str
    command: str = ""
    args: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    url: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    host_filled: bool = False
    """Its settings hold a value only the host fills in (`${input:token}`): imported, never installed."""

    @property
    def installable(self) -> bool:
        return self.transport in ("stdio", "http") and not self.host_filled


@dataclass(frozen=True)
class Sample:
    host: str
    relative: str
    """Where the host keeps the file, relative to HOME on Linux (XDG_CONFIG_HOME = HOME/.config)."""
    text: str
    broken: str
    expected: tuple[Expected, ...]

    def written(self, folder: Path) -> str:
        return self.text.replace(DATA, str(folder))


FS = "@modelcontextprotocol/server-filesystem"

CLAUDE_DESKTOP = Sample(
    "claude-desktop",
    ".config/Claude/claude_desktop_config.json",
    """{
  "editorTheme": "MARKER",
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"],
      "env": {"NODE_OPTIONS": "--max-old-space-size=512"}
    },
    "git server!": {
      "command": "uvx",
      "args": ["mcp-server-git", "--repository=@DATA@"],
      "unknownKey": {"keep": [1, 2.5, null, true]}
    }
  }
}
""",
    '{\n  "mcpServers": {\n    "filesystem": {"command": "npx"}\n    "x": {}\n  }\n}\n',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA), {"NODE_OPTIONS": "--max-old-space-size=512"}),
        Expected("git server!", "stdio", "uvx", ("mcp-server-git", f"--repository={DATA}")),
    ),
)

CLAUDE_CODE = Sample(
    "claude-code",
    ".claude.json",
    """{
  "numStartups": 12,
  "editorTheme": "MARKER",
  "mcpServers": {
    "fs": {"type": "stdio", "command": "npx",
           "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"], "env": {}},
    "docs": {"type": "http", "url": "https://docs.example.com/mcp", "headers": {"X-Key": "k1"}}
  },
  "projects": {
    "/home/me/project": {
      "allowedTools": [],
      "mcpServers": {
        "fs": {"type": "stdio", "command": "node", "args": ["server.js"], "env": {"MODE": "dev"}},
        "events": {"type": "sse", "url": "https://events.example.com/sse"}
      }
    }
  }
}
""",
    '{"mcpServers": {"fs": {"command": "npx",}}}',
    (
        Expected("fs", "stdio", "npx", ("-y", FS, DATA)),
        Expected("docs", "http", url="https://docs.example.com/mcp", headers={"X-Key": "k1"}),
        Expected("fs", "stdio", "node", ("server.js",), {"MODE": "dev"}),
        Expected("events", "sse", url="https://events.example.com/sse"),
    ),
)

VSCODE = Sample(
    "vscode",
    ".config/Code/User/mcp.json",
    """// VS Code's MCP servers, hand-edited
{
\t"inputs": [
\t\t{"type": "promptString", "id": "token", "description": "API token // not a comment", "password": true},
\t],
\t"editorTheme": "MARKER",
\t"servers": {
\t\t/* the folder server */
\t\t"fs": {
\t\t\t"type": "stdio",
\t\t\t"command": "npx",
\t\t\t"args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"], // trailing comment
\t\t\t"env": {"TOKEN": "${input:token}"},
\t\t},
\t\t"web": {"type": "http", "url": "https://mcp.example.com/mcp",
\t\t\t"headers": {"Authorization": "Bearer ${input:token}"}},
\t\t"git": {"command": "uvx", "args": ["mcp-server-git", "--repository", "@DATA@"]},
\t\t"old": {"type": "sse", "url": "https://old.example.com/sse"},
\t},
}
""",
    '// broken\n{"servers": {"fs": {"command": "npx" /* unclosed comment }}}\n',
    (
        Expected("fs", "stdio", "npx", ("-y", FS, DATA), {"TOKEN": "${input:token}"}, host_filled=True),
        Expected("web", "http", url="https://mcp.example.com/mcp", headers={"Authorization": "Bearer ${input:token}"},
                 host_filled=True),
        Expected("git", "stdio", "uvx", ("mcp-server-git", "--repository", DATA)),
        Expected("old", "sse", url="https://old.example.com/sse"),
    ),
)

CURSOR = Sample(
    "cursor",
    ".cursor/mcp.json",
    """{
    "editorTheme": "MARKER",
    "mcpServers": {
        "filesystem": {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@", "/no/such/folder"],
            "env": {"A": "1", "B": "two words"}
        },
        "remote": {"url": "http://127.0.0.1:8123/mcp", "headers": {"Authorization": "Bearer t"}}
    }
}
""",
    '{"mcpServers": {"filesystem": {"command": "npx", "args": [1, 2}}}',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA, "/no/such/folder"), {"A": "1", "B": "two words"}),
        Expected("remote", "http", url="http://127.0.0.1:8123/mcp", headers={"Authorization": "Bearer t"}),
    ),
)

WINDSURF = Sample(
    "windsurf",
    ".codeium/windsurf/mcp_config.json",
    """{
  "mcpServers": {
    "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"],
           "disabled": false, "alwaysAllow": ["read_file"]},
    "remote": {"serverUrl": "https://remote.example.com/mcp", "headers": {"K": "V"}}
  },
  "editorTheme": "MARKER"
}
""",
    '{"mcpServers": {"fs": {"command": npx}}}',
    (
        Expected("fs", "stdio", "npx", ("-y", FS, DATA)),
        Expected("remote", "http", url="https://remote.example.com/mcp", headers={"K": "V"}),
    ),
)

GEMINI = Sample(
    "gemini",
    ".gemini/settings.json",
    """{
  "theme": "Dracula",
  "editorTheme": "MARKER",
  "mcpServers": {
    "tools": {
      "command": "python",
      "args": ["-m", "my_tools", "@DATA@"],
      "cwd": "./server-directory",
      "env": {"API_KEY": "$MY_API_TOKEN"},
      "timeout": 30000,
      "trust": false
    },
    "github": {"httpUrl": "https://api.example.com/mcp/", "headers": {"Authorization": "token"}, "timeout": 5000},
    "events": {"url": "http://localhost:8080/sse"}
  }
}
""",
    '{"mcpServers": {"tools": {"command": "python"}}',
    (
        Expected("tools", "stdio", "python", ("-m", "my_tools", DATA), {"API_KEY": "$MY_API_TOKEN"},
                 cwd="./server-directory", host_filled=True),
        Expected("github", "http", url="https://api.example.com/mcp/", headers={"Authorization": "token"}),
        Expected("events", "sse", url="http://localhost:8080/sse"),
    ),
)

CODEX = Sample(
    "codex",
    ".codex/config.toml",
    """# Codex settings
model = "MARKER"
approval_policy = "on-request"

[mcp_servers.filesystem]
command = "npx"  # the runner
args = ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"]
startup_timeout_sec = 20

[mcp_servers.filesystem.env]
NODE_ENV = "production"

# a remote one
[mcp_servers."docs site"]
url = "https://docs.example.com/mcp"
http_headers = { "X-Key" = "k2" }

[mcp_servers.local]
command = "/opt/tools/server"
cwd = "/opt/tools"

[profiles.fast]
model = "o4-mini"
""",
    '[mcp_servers.filesystem]\ncommand = "npx\nargs = [\n',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA), {"NODE_ENV": "production"}),
        Expected("docs site", "http", url="https://docs.example.com/mcp", headers={"X-Key": "k2"}),
        Expected("local", "stdio", "/opt/tools/server", cwd="/opt/tools"),
    ),
)

ZED = Sample(
    "zed",
    ".config/zed/settings.json",
    """// Zed settings
//
// For information on how to configure Zed, see the Zed documentation.
{
  "ui_font_size": 16,
  "editorTheme": "MARKER",
  "context_servers": {
    // the newer form
    "filesystem": {
      "source": "custom",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"],
      "env": {"DEBUG": "1"},
    },
    /* the older form */
    "git": {"command": {"path": "uvx", "args": ["mcp-server-git"], "env": {"GIT_PAGER": "cat"}}, "settings": {}},
    "remote": {"url": "https://remote.example.com/mcp", "headers": {"Authorization": "Bearer z"}},
    "from-extension": {"source": "extension", "settings": {"key": "value"}},
  },
}
""",
    '{\n  "context_servers": {\n    "git": {"command": "uvx" "args": []}\n  }\n}\n',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA), {"DEBUG": "1"}),
        Expected("git", "stdio", "uvx", ("mcp-server-git",), {"GIT_PAGER": "cat"}),
        Expected("remote", "http", url="https://remote.example.com/mcp", headers={"Authorization": "Bearer z"}),
        Expected("from-extension", "unknown"),
    ),
)

CODEX_INLINE = Sample(
    "codex",
    ".codex/config.toml",
    'model = "MARKER"\n'
    "\n"
    "[mcp_servers]\n"
    "# Codex accepts each server as one inline table too\n"
    'filesystem = { command = "npx", args = [ "-y", "@modelcontextprotocol/server-filesystem", "@DATA@" ], '
    'env = { "NODE_ENV" = "production" }, startup_timeout_sec = 20 }  # the folders\n'
    '"docs site" = { url = "https://docs.example.com/mcp", http_headers = { "X-Key" = "k2" } }\n'
    """git = { command = "uvx", args = [
  "mcp-server-git",
  "--repository",
  "@DATA@",
] }

[profiles.fast]
model = "o4-mini"
""",
    '[mcp_servers]\nfilesystem = { command = "npx", args = [ }\n',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA), {"NODE_ENV": "production"}),
        Expected("docs site", "http", url="https://docs.example.com/mcp", headers={"X-Key": "k2"}),
        Expected("git", "stdio", "uvx", ("mcp-server-git", "--repository", DATA)),
    ),
)

OPENCODE = Sample(
    "opencode",
    ".config/opencode/opencode.json",
    """{
  "$schema": "https://opencode.ai/config.json",
  "theme": "MARKER",
  "mcp": {
    // the folder server
    "filesystem": {
      "type": "local",
      "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "@DATA@"],
      "environment": {
        "NODE_ENV": "production",
      },
      "enabled": true,
    },
    "git": {"type": "local", "command": ["uvx", "mcp-server-git", "--repository", "@DATA@"], "enabled": false,
            "timeout": 10000},
    "github": {
      "type": "local",
      "command": ["npx", "-y", "@modelcontextprotocol/server-github"],
      "environment": {"GITHUB_TOKEN": "{env:GITHUB_TOKEN}"},
    },
    "jira": {
      "type": "remote",
      "url": "https://jira.example.com/mcp",
      "headers": {"Authorization": "Bearer t"},
      "enabled": true,
    },
  },
}
""",
    '{\n  "mcp": {\n    "filesystem": {"type": "local", "command": ["npx" "-y"]}\n  }\n}\n',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA), {"NODE_ENV": "production"}),
        Expected("git", "stdio", "uvx", ("mcp-server-git", "--repository", DATA)),
        Expected("github", "stdio", "npx", ("-y", "@modelcontextprotocol/server-github"),
                 {"GITHUB_TOKEN": "{env:GITHUB_TOKEN}"}, host_filled=True),
        Expected("jira", "http", url="https://jira.example.com/mcp", headers={"Authorization": "Bearer t"}),
    ),
)

CLINE = Sample(
    "cline",
    ".config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
    """{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "@DATA@"
      ],
      "env": {},
      "disabled": false,
      "autoApprove": [
        "read_file",
        "list_directory"
      ]
    },
    "github.com/modelcontextprotocol/servers/tree/main/src/git": {
      "type": "stdio",
      "command": "uvx",
      "args": [
        "mcp-server-git",
        "--repository",
        "@DATA@"
      ],
      "disabled": false,
      "autoApprove": [],
      "timeout": 60
    },
    "remote": {
      "type": "streamableHttp",
      "url": "https://remote.example.com/mcp",
      "headers": {
        "Authorization": "Bearer c"
      },
      "disabled": false,
      "autoApprove": []
    },
    "events": {
      "url": "http://localhost:8080/MARKER/sse",
      "disabled": true,
      "autoApprove": []
    }
  }
}""",
    '{"mcpServers": {"filesystem": {"command": "npx",}}}',
    (
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA)),
        Expected("github.com/modelcontextprotocol/servers/tree/main/src/git", "stdio", "uvx",
                 ("mcp-server-git", "--repository", DATA)),
        Expected("remote", "http", url="https://remote.example.com/mcp", headers={"Authorization": "Bearer c"}),
        Expected("events", "sse", url="http://localhost:8080/MARKER/sse"),
    ),
)

SAMPLES = (CLAUDE_DESKTOP, CLAUDE_CODE, VSCODE, CURSOR, WINDSURF, GEMINI, CODEX, ZED, CODEX_INLINE, OPENCODE, CLINE)

MCP_JSON = Sample(
    "mcp-json",
    "servers/mcp.json",
    """{
  "mcpServers": {
    "everything": {
      "command": "npx",
      "args": ["@modelcontextprotocol/server-everything"],
      "env": {"hello": "Hello MCP!"}
    },
    "filesystem": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "@DATA@"]
    },
    "events": {"type": "sse", "url": "http://localhost:3000/sse", "note": "MARKER"},
    "remote": {"type": "streamable-http", "url": "http://localhost:3000/mcp"}
  }
}
""",
    '{"mcpServers": {"filesystem": {"command": "npx", "args": [}}}',
    (
        Expected("everything", "stdio", "npx", ("@modelcontextprotocol/server-everything",), {"hello": "Hello MCP!"}),
        Expected("filesystem", "stdio", "npx", ("-y", FS, DATA)),
        Expected("events", "sse", url="http://localhost:3000/sse"),
        Expected("remote", "http", url="http://localhost:3000/mcp"),
    ),
)
"""A plain mcpServers file (the MCP Inspector's `--config`, mcp-use, the draft standard `mcp.json`): it has no
place of its own, so it is named by its path (`relative` is where a test puts it)."""

