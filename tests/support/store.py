"""A store's contents as a test sets them up or reads them back, and the folders it shares."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.roots.lookup import plan_add
from app.core.store.store import Store
from tests.support.project import PROJECT


def folders(base: Path, *names: str) -> list[Path]:
    made = []
    for name in names:
        (base / name).mkdir(parents=True, exist_ok=True)
        made.append(base / name)
    return made


def add_roots(store: Store, *paths: Path) -> list[str]:
    """Share `paths` in one store transaction; return the new roots' ids."""
    ids: list[str] = []

    def edit(data: StoreData) -> None:
        for path in paths:
            root = plan_add(data, str(path)).root
            data.roots.append(root)
            ids.append(root.id)

    store.update(edit)
    return ids


def add_server(home: Path, name: str, command: list[str], **fields: Any) -> ServerEntry:
    """Add a stdio server to the store of `home`, as another process would."""
    entry = ServerEntry(name=name, target=StdioTarget(command=command[0], args=command[1:], cwd=str(PROJECT)), **fields)
    Store(home).update(lambda data: data.servers.append(entry))
    return entry


def set_fields(home: Path, name: str, **fields: Any) -> None:
    def edit(data: Any) -> None:
        server = data.server(name)
        for key, value in fields.items():
            setattr(server, key, value)

    Store(home).update(edit)


def stored_root(store: Store, root_id: str) -> Root:
    root = store.load().root_by_id(root_id)
    assert root is not None, f"{root_id} is not in the store"
    return root


def stored_server(store: Store, name: str) -> ServerEntry:
    server = store.load().server(name)
    assert server is not None, f"{name} is not in the store"
    return server
