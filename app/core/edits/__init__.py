"""Every edit a user makes, once, as a function over `StoreData`; the CLI and the GUI only call these.

Import the submodules (`edits.roots`, `edits.servers`); this package imports nothing itself so that
`paths`, `store` and `overlap` can use `edits.sentences` without an import cycle.
"""
