"""Rootkeeper: decide, from the desktop, which folders AI tools may see."""

__version__ = "0.1.0"
VERSION_TEXT = f"rootkeeper {__version__}"
"""What `rootkeeper --version` prints."""
