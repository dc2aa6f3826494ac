"""The one JSON file that holds everything, shared safely by any number of processes.

Writes take an exclusive lock on a separate lock file, write a private temporary file next to the
store, fsync it and atomically rename it over the store, so a reader or a crash only ever sees
the old or the new state. Every write replaces the file's inode, which makes `stamp()` (one
`stat`) a cheap and reliable way for long-running processes to notice other processes' changes.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core.store.encoding import serialize
from app.core.store.parse import DAMAGED, StoreError, parse, read_text
from app.core.store.repair import UriMemory, needs_repair, repair
from app.core.system import filelock
from app.core.system.fileio import atomic_write, private_dir, remove_stale_temporaries
from app.core.system.locations import HOME_VARIABLE, STORE_STATE_FOLDERS, config_home, state_home
from app.core.text import Message, message

if TYPE_CHECKING:
    from app.core.model import StoreData
    from app.core.servers.secrets import Vault
    from app.core.store.memory import StoreMemory

# The model (pydantic) and the secrets are imported where they are used: a command that only reads
# (`roots list`, `servers list`) or edits roots (`roots add`) gets the state as plain data where the
# file allows (`app.core.store.plain`, which reads and writes through this object), so neither builds them.

STORE_FILE = "rootkeeper.json"
LOCK_FILE = "rootkeeper.lock"
LOCK_TIMEOUT = 30.0
"""Seconds a writer waits for its turn; waiting is fair, so only a stuck holder makes it run out."""

Stamp = tuple[int, int, int]
__all__ = ["LOCK_FILE", "STORE_FILE", "PendingEdit", "Stamp", "Store", "StoreError", "parse"]


class Store:
    def __init__(self, home: Path | None = None) -> None:
        self.home = home or config_home()
        # The platform's own folder is Rootkeeper's and is made private even if an older version made
        # it 0755; a folder the user named (ROOTKEEPER_HOME, a test's) is only made private when created.
        self._own_home = home is None and not os.environ.get(HOME_VARIABLE)
        self.path = self.home / STORE_FILE
        self.lock_path = self.home / LOCK_FILE
        self.state_dir = state_home() if home is None else home / "state"
        """Where the private secrets file goes when there is no keyring (`app.core.servers.secrets`)."""
        STORE_STATE_FOLDERS.add(self.state_dir)  # where `app.core.servers.secrets` also looks for a secret
        self.saved = False
        """Whether this object has written the store, so an interrupted command can say whether it changed."""
        self.notices: list[str] = []
        self.notice_messages: list[Message] = []
        """The same notices with their codes, for interfaces that translate them."""
        self._uris = UriMemory()
        self._memory: StoreMemory | None = None

    def remember_writes(self) -> None:
        """Keep the state this object writes, so that reading that very file back is a copy, not a parse.

        For a long-running process (the hub) that loads after each of its own edits; a one-shot
        command would only pay for the copy.
        """
        if self._memory is None:
            from app.core.store.memory import StoreMemory  # a long-running process only: it needs the model

            self._memory = StoreMemory()

    # -- reading ------------------------------------------------------------------------------

    def stamp(self) -> Stamp | None:
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError:
            return (-1, -1, -1)
        return (info.st_ino, info.st_mtime_ns, info.st_size)

    def load(self) -> StoreData:
        """The current state; a corrupt file is moved aside (under the lock) and an empty state returned."""
        from app.core.model import StoreData

        text = self._read_text()
        if text is None:
            return StoreData()
        if (recalled := self._recall(text)) is not None:
            return recalled
        try:
            return self._repaired(parse(text))
        except DAMAGED:
            with self._locked():
                return self._load_locked()

    def load_shared(self, previous: StoreData | None = None) -> StoreData:
        """`load()` for a reader that never changes the state it is given (the roots watcher).

        With `remember_writes`, the state is remembered as given (no copy) and the file as this
        object last wrote it comes back as that state: an edit costs the reader no parse and no
        copy. Each root equal to one of `previous` (the state the reader holds) is that very root,
        so the reader sees by identity which roots changed.
        """
        text = self._read_text()
        if text is None:
            from app.core.model import StoreData

            return StoreData()
        if (recalled := self._recall(text, shared=True)) is not None:
            return recalled
        try:
            data = self._repaired(parse(text))
        except DAMAGED:
            with self._locked():
                return self._load_locked()
        if previous is not None:
            from app.core.store.memory import carry_unchanged

            carry_unchanged(previous.roots, data.roots)
        if self._memory is not None:
            self._memory.keep_private(text, data)
        return data

    def _read_text(self) -> str | None:
        return read_text(self.path)

    def _notify(self, notice: Message) -> None:
        if notice not in self.notice_messages:  # a long-running process loads often; say each thing once
            self.notices.append(notice.text)
            self.notice_messages.append(notice)

    def _repaired(self, data: StoreData) -> StoreData:
        for notice in repair(data, self._uris.__getitem__):
            self._notify(notice)
        self._uris.bound(len(data.roots))
        return data

    def _recall(self, text: str, *, shared: bool = False) -> StoreData | None:
        return None if self._memory is None else self._memory.recall(text, shared=shared)

    def _remember(self, payload: bytes, data: StoreData) -> None:
        # What a load of this file would give: the written state. A write that a load would repair
        # is not remembered, so that the next load repairs it and says so.
        if self._memory is None:
            return
        if needs_repair(data, self._uris.__getitem__):
            self._memory.forget()
        else:
            self._memory.keep(payload.decode("ascii"), data)
        self._uris.bound(len(data.roots))

    def _load_locked(self) -> StoreData:
        from app.core.model import StoreData

        text = self._read_text()
        if text is None:
            return StoreData()
        if (recalled := self._recall(text)) is not None:
            return recalled
        try:
            data = parse(text)
        except DAMAGED:
            aside = self._move_aside()
            self._notify(message("store.damaged", path=str(aside)))
            return StoreData()
        notes = repair(data, self._uris.__getitem__)
        if notes or said_otherwise(text, data):  # this edit writes over what the file said: keep it
            self.keep_original(text)
        for notice in notes:
            self._notify(notice)
        self._uris.bound(len(data.roots))
        return data

    def keep_original(self, text: str) -> None:
        """Copy the file's bytes aside before a write repairs what it said, and say where (one copy per content)."""
        original = text.encode("utf-8", "surrogateescape")
        for earlier in sorted(self.home.glob(f"{STORE_FILE}.original-*")):
            with contextlib.suppress(OSError):
                if earlier.read_bytes() == original:
                    self._notify(message("store.original_kept", path=str(earlier)))
                    return
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside, counter = self.path.with_name(f"{STORE_FILE}.original-{stamp}"), 1
        while aside.exists():
            aside, counter = self.path.with_name(f"{STORE_FILE}.original-{stamp}-{counter}"), counter + 1
        try:
            atomic_write(aside, original)
        except OSError as exc:  # nothing may be written over it then
            raise StoreError("store.not_saved", path=str(aside), reason=str(exc.strerror or exc)) from exc
        self._notify(message("store.original_kept", path=str(aside)))

    def _move_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{STORE_FILE}.damaged-{stamp}")
        counter = 1
        while aside.exists():
            aside = self.path.with_name(f"{STORE_FILE}.damaged-{stamp}-{counter}")
            counter += 1
        os.replace(self.path, aside)
        return aside

    # -- writing ------------------------------------------------------------------------------

    @contextlib.contextmanager
    def transaction(self) -> Iterator[StoreData]:
        """Lock, load, let the caller edit, then save atomically. An exception in the body writes nothing."""
        with self._edited(self.begin()) as data:
            yield data

    def begin(self) -> PendingEdit:
        """Lock and load for an edit whose file is written later, maybe on another thread (`PendingEdit`)."""
        pending = self._begin(wait=True)
        assert pending is not None
        return pending

    def begin_if_free(self) -> PendingEdit | None:
        """`begin()`, or None at once when another writer holds the lock: for an event loop, which must not wait."""
        return self._begin(wait=False)

    def _begin(self, *, wait: bool) -> PendingEdit | None:
        with contextlib.ExitStack() as lock:
            if not lock.enter_context(self._locked(wait=wait)):
                return None
            data = self._load_locked()
            return PendingEdit(self, data, lock.pop_all())
        return None  # pragma: no cover - `with` does not swallow exceptions (for mypy)

    @contextlib.contextmanager
    def _held_transaction(self) -> Iterator[StoreData]:
        """`transaction()` for a caller that already holds the lock (`_locked()`), which it keeps."""
        with self._edited(PendingEdit(self, self._load_locked(), contextlib.ExitStack())) as data:
            yield data

    @staticmethod
    @contextlib.contextmanager
    def _edited(pending: PendingEdit) -> Iterator[StoreData]:
        with pending:
            yield pending.data
            pending.finish()
            pending.commit()

    def update(self, edit: Callable[[StoreData], Any]) -> StoreData:
        with self.transaction() as data:
            edit(data)
        return data

    def _write_payload(self, payload: bytes) -> None:
        # Ctrl+C is held back while the file is replaced, so `saved` is always true to the disk.
        with filelock.interrupts_held():
            try:
                atomic_write(self.path, payload)
            except OSError as exc:  # a full disk or a read-only folder: the old file is still whole
                if self._memory is not None:
                    self._memory.forget()
                raise StoreError("store.not_saved", path=str(self.path), reason=str(exc.strerror or exc)) from exc
            self.saved = True

    def _ensure_home(self) -> None:
        try:
            private_dir(self.home, tighten_existing=self._own_home)
        except OSError as exc:
            raise StoreError("store.no_home", path=str(self.home), reason=str(exc.strerror or exc)) from exc

    def _acquire(self, fd: int) -> None:
        before = self.stamp()
        try:
            filelock.acquire(fd, self.lock_path, LOCK_TIMEOUT, lambda: self.stamp() != before)
        except filelock.LockError as exc:
            raise StoreError(exc.message.code, **exc.message.args) from None

    @contextlib.contextmanager
    def _locked(self, *, wait: bool = True) -> Iterator[bool]:
        """Hold the lock for the block, which is told whether it does (only `wait=False` can be told no)."""
        self._ensure_home()
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            # A lock file an older version made keeps its mode through O_CREAT; changed only when it
            # must be, since each change of mode wakes whoever watches the folder.
            if hasattr(os, "fchmod") and stat.S_IMODE(os.fstat(fd).st_mode) != 0o600:
                os.fchmod(fd, 0o600)
        except OSError as exc:
            raise StoreError("store.no_lock", path=str(self.lock_path), reason=str(exc.strerror or exc)) from exc
        try:
            if wait:
                self._acquire(fd)
            elif not filelock.try_acquire(fd):
                yield False
                return
            try:
                remove_stale_temporaries(self.path)
                yield True
            finally:
                filelock.release(fd)
        finally:
            os.close(fd)


class PendingEdit:
    """An edit made under the store's lock, whose file is written later, maybe on another thread.

    `data` is what to edit. `finish()` seals new secrets and encodes the file, and gives the state a
    load of that file will give (None unless the store remembers its writes), so that a reader can
    take the edit while `commit()` writes the file durably (its fsyncs are the slow part). `commit()`
    lets the lock go, whatever happens; `close()` (or leaving the `with` block) without it writes nothing.
    """

    def __init__(self, store: Store, data: StoreData, lock: contextlib.ExitStack) -> None:
        from app.core.servers import secrets

        self.data = data
        self._store = store
        self._lock = lock
        self._held, self._plaintext = secrets.references(data), secrets.plaintext_servers(data)
        self._payload: bytes | None = None
        self._committing = False
        self._vault: Vault | None = None

    def seals_secrets(self) -> bool:
        """Whether `finish()` will move a plaintext secret to the keyring (slow: not for an event loop)."""
        from app.core.servers import secrets

        return bool(secrets.plaintext_servers(self.data))

    def finish(self) -> StoreData | None:
        # Secrets go to the keyring before the file that refers to them is written, and the ones it
        # no longer refers to are deleted after: a crash in between leaves an unused secret, never a lost one.
        from app.core.servers import secrets

        store, data = self._store, self.data
        data.revision += 1
        if secrets.plaintext_servers(data):
            migrating = [name for name in self._plaintext if data.server(name) is not None]
            for notice in secrets.seal(data, self._vault_of(), migrating=migrating):
                store._notify(notice)
        self._payload = serialize(data)
        store._remember(self._payload, data)  # forgotten again if the write fails
        return store._memory.state() if store._memory is not None else None

    def commit(self) -> Stamp | None:
        """Write the file durably and let the lock go; the new file's stamp, taken while the lock is held."""
        from app.core.servers import secrets

        assert self._payload is not None, "finish() comes first"
        self._committing = True
        try:
            self._store._write_payload(self._payload)
            stamp = self._store.stamp()
            if unused := self._held - secrets.references(self.data):
                secrets.forget(unused, self._vault_of())
        finally:
            self._lock.close()
        return stamp

    def _vault_of(self) -> Vault:
        from app.core.servers.secrets import Vault

        if self._vault is None:
            self._vault = Vault(self._store.state_dir)
        return self._vault

    def close(self) -> None:
        """Let the lock go without writing (nothing once `commit()` has begun: it lets the lock go itself)."""
        if self._committing:
            return
        if self._payload is not None and self._store._memory is not None:
            self._store._memory.forget()  # remembered by `finish()`, never written
        self._lock.close()

    def __enter__(self) -> PendingEdit:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def said_otherwise(text: str, data: StoreData) -> bool:
    """Whether writing `data` back would change what the file `text` says, beyond a schema migration.

    A name of invalid UTF-8 (read as surrogate escapes) comes back as escapes, a `schema_version` that
    is not an integer as one, and a field the model does not keep is lost; a field the file leaves
    out (its default is written) is no change.
    """
    import json

    from app.core.model import SCHEMA_VERSION

    if undecodable(text):
        return True
    raw = json.loads(text)
    version = raw.get("schema_version", 1) if isinstance(raw, dict) else None
    if type(version) is not int:
        return True
    if version < SCHEMA_VERSION:
        return False  # a migration rewrites the file by design
    return not _holds(json.loads(serialize(data)), raw)


def _holds(written: object, said: object) -> bool:
    """Whether `written` says everything `said` does (a key `said` lacks may be added: a default)."""
    if isinstance(said, dict):
        return isinstance(written, dict) and all(key in written and _holds(written[key], value)
                                                 for key, value in said.items())
    if isinstance(said, list):
        return (isinstance(written, list) and len(written) == len(said)
                and all(_holds(w, v) for w, v in zip(written, said, strict=True)))
    return type(written) is type(said) and written == said


def undecodable(text: str) -> bool:
    """Whether the file held bytes that are not UTF-8 (read as surrogate escapes, written back as `\\udcXX`)."""
    import re

    return re.search("[\udc80-\udcff]", text) is not None
