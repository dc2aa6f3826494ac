"""The main window, its actions, shortcuts, drops and message bar."""
