"""The roots watcher: the one component that watches the store and checks access."""
