"""The machine around the app: locations, locks, crash-safe files, logging, autostart."""
