"""Configured servers: how they are sent folders, their secrets, words, pacing and published status."""
