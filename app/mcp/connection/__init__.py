"""One live MCP connection per configured server, and the objects it owns."""
