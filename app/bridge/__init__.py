"""`rootkeeper bridge`: a stdio MCP proxy that brings the store's roots to servers an AI host starts.

A host starts the bridge in place of a server: host ⇄ (stdio) ⇄ bridge ⇄ server (stdio or
Streamable HTTP). Modules: `framing` (raw newline-delimited JSON-RPC), `rewrite` (the few message
changes), `proxy` (the bridge), `rounds` (2026-07-28 input-required rounds), `source` (the
roots list and its changes), `stdio_upstream` / `http_upstream` (the server side), `status`
(live session files), `run` (the command).
"""
