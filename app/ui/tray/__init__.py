"""The tray icon, its menu, the first face shown and desktop notifications."""
