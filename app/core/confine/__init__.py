"""Confinement: what a server may touch (`boundary`), and the Landlock launcher that enforces it."""
