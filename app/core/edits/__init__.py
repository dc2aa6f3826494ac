"""Every edit a user makes, once, as a function over `StoreData`; the CLI and the GUI only call these.

Import the submodules (`edits.roots`, `edits.servers`, `edits.undo`); this package imports nothing itself.
"""
