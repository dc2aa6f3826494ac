"""MCP servers that the tests run as real child processes (stdio) or loopback HTTP services.

Each module is runnable: `python -m tests.servers.<name> [--http PORT] ...` from the repository root.
"""
