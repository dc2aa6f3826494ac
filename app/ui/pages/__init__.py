"""The window's tabs: shared folders, servers, hosts, history."""
