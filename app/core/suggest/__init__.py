"""Folders worth sharing, found on the user's machine."""
