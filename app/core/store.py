"""The one JSON file that holds everything, shared safely by any number of processes.

Writes take an exclusive lock on a separate lock file, write a private temporary file next to the
store, fsync it and atomically rename it over the store, so a reader or a crash only ever sees
the old or the new state. Every write replaces the file's inode, which makes `stamp()` (one
`stat`) a cheap and reliable way for long-running processes to notice other processes' changes.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.core import filelock, plain_store
from app.core.edits.sentences import SENTENCES, message
from app.core.fileio import atomic_write, private_dir, remove_stale_temporaries
from app.core.locations import HOME_VARIABLE, STORE_STATE_FOLDERS, config_home, state_home
from app.core.messages import Message
from app.core.secret_parts import holds_plaintext
from app.core.store_encoding import parsed_for_writing, serialize, serialize_plain
from app.core.store_repair import UriMemory, needs_repair, repair, repair_roots

if TYPE_CHECKING:
    from app.core.model import StoreData
    from app.core.plain_views import StoreState
    from app.core.store_memory import StoreMemory

# The model (pydantic) and the secrets are imported where they are used: a command that only reads
# (`roots list`, `servers list`) gets the state as plain data (`load_plain`), and one that edits roots
# (`roots add`) edits plain data (`plain_transaction`), so neither builds them.

STORE_FILE = "rootkeeper.json"
LOCK_FILE = "rootkeeper.lock"
LOCK_TIMEOUT = 30.0
"""Seconds a writer waits for its turn; waiting is fair, so only a stuck holder makes it run out."""

Stamp = tuple[int, int, int]


class StoreError(Exception):
    """The store cannot be used; one sentence for the user, with its code and arguments. Nothing was written.

    Not a ValueError on purpose: `load` treats ValueError as a damaged file to move aside.
    """

    def __init__(self, code: str, **args: str) -> None:
        super().__init__(SENTENCES[code].format(**args))
        self.message = Message(code, str(self), dict(args))

    @property
    def code(self) -> str:
        return self.message.code


def _migrate_v1(raw: dict[str, Any]) -> dict[str, Any]:
    # Version 1 kept sharing as `shared_with: [server names]` on each root; version 2 keeps it on
    # the server, where consent also lives.
    shared_with: dict[str, list[str]] = {}
    for root in raw.get("roots", []):
        for server in root.pop("shared_with", []) or []:
            shared_with.setdefault(server, []).append(root["id"])
    for server in raw.get("servers", []):
        chosen = shared_with.get(server.get("name", ""))
        server.setdefault("share", chosen if chosen is not None else "all")
        server.setdefault("consent", "given" if chosen is not None else "pending")
    raw["schema_version"] = 2
    return raw


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _migrate_v1}


def parse(text: str) -> StoreData:
    """Validate a store file's text, migrating older schemas; raises ValueError or StoreError."""
    from app.core.model import SCHEMA_VERSION, StoreData

    raw = json.loads(text)
    if not isinstance(raw, dict):
        raise ValueError("the top level is not an object")
    version = raw.get("schema_version", 1)
    if not isinstance(version, int) or version < 1:
        raise ValueError(f"schema_version {version!r} is not a positive integer")
    if version > SCHEMA_VERSION:
        raise StoreError("store.newer", version=str(version), supported=str(SCHEMA_VERSION))
    while version < SCHEMA_VERSION:
        raw = MIGRATIONS[version](raw)
        version = raw["schema_version"]
    return StoreData.model_validate(raw)


DAMAGED = (ValueError, KeyError, TypeError, RecursionError)
"""What parsing a damaged file raises (pydantic's ValidationError is a ValueError; a 100,000-deep nesting is a
RecursionError); such a file is moved aside."""

class Store:
    def __init__(self, home: Path | None = None) -> None:
        self.home = home or config_home()
        # The platform's own folder is Rootkeeper's and is made private even if an older version made
        # it 0755; a folder the user named (ROOTKEEPER_HOME, a test's) is only made private when created.
        self._own_home = home is None and not os.environ.get(HOME_VARIABLE)
        self.path = self.home / STORE_FILE
        self.lock_path = self.home / LOCK_FILE
        self.state_dir = state_home() if home is None else home / "state"
        """Where the private secrets file goes when there is no keyring (`app.core.secrets`)."""
        STORE_STATE_FOLDERS.add(self.state_dir)  # where `app.core.secrets` also looks for a secret
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
            from app.core.store_memory import StoreMemory  # a long-running process only: it needs the model

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
            from app.core.store_memory import carry_unchanged

            carry_unchanged(previous.roots, data.roots)
        if self._memory is not None:
            self._memory.keep_private(text, data)
        return data

    def _read_text(self) -> str | None:
        # Opened without blocking and checked before reading: a FIFO would hang every command, and
        # a link to a device such as /dev/zero would never end.
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError("store.unreadable", path=str(self.path), reason=str(exc.strerror or exc)) from exc
        kind = os.fstat(fd).st_mode
        if not stat.S_ISREG(kind):
            os.close(fd)
            raise StoreError("store.is_folder" if stat.S_ISDIR(kind) else "store.not_a_file", path=str(self.path))
        with os.fdopen(fd, "rb") as handle:
            try:
                raw = handle.read()
            except OSError as exc:
                raise StoreError("store.unreadable", path=str(self.path), reason=str(exc.strerror or exc)) from exc
        return raw.decode("utf-8", "surrogateescape")

    def load_plain(self) -> dict[str, Any]:
        """What `load().model_dump()` gives (notices, repairs and a damaged file's move included), built without
        pydantic when the file is well-formed and current (`app.core.plain_store`): for commands that only read."""
        text = self._read_text()
        try:
            data = self._plain(json.loads(text) if text is not None else plain_store.EMPTY)
        except DAMAGED:
            data = None
        return self.load().model_dump() if data is None else data

    def _plain(self, raw: object, *, writing: bool = False) -> dict[str, Any] | None:
        data = plain_store.plain(raw)
        if data is None or (writing and holds_plaintext(data["servers"])):  # the model seals what it writes
            return None
        data["roots"], notices = repair_roots(data["roots"], dict.__getitem__, dict.__setitem__)
        for notice in notices:
            self._notify(notice)
        return data

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
            return self._repaired(parse(text))
        except DAMAGED:
            aside = self._move_aside()
            self._notify(message("store.damaged", path=str(aside)))
            return StoreData()

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
        with self._locked(), self._sealed(self._load_locked()) as data:
            yield data

    @contextlib.contextmanager
    def plain_transaction(self) -> Iterator[StoreState[Any]]:
        """`transaction()` for an edit of the roots (or pause), on plain data where the file allows it.

        A current, well-formed file with no secret still to seal (and no number the model would write
        its own way) is edited as plain data (`PlainStore`) and written as the model would write it
        (`store_encoding.serialize_plain`), without pydantic; any other file, and a long-running process's
        store (which remembers its writes as models), gets the model's `StoreData`: either is a `StoreState`,
        which is what the roots edits (`app.core.edits.roots`) take. Servers' targets, and so their
        secrets, are not to be edited through it.
        """
        from app.core.plain_views import PlainStore

        with self._locked():
            plain = None
            if self._memory is None:
                try:
                    plain = self._plain(parsed_for_writing(self._read_text()), writing=True)
                except DAMAGED:  # left to the model, which moves a damaged file aside
                    plain = None
            if plain is None:
                with self._sealed(self._load_locked()) as data:
                    yield data
                return
            state = PlainStore(plain)
            yield state
            plain["revision"] += 1
            self._write_payload(serialize_plain(plain))

    @contextlib.contextmanager
    def _sealed(self, data: StoreData) -> Iterator[StoreData]:
        from app.core import secrets

        held, plaintext = secrets.references(data), secrets.plaintext_servers(data)
        yield data
        data.revision += 1
        self._write_sealed(data, held, plaintext)

    def update(self, edit: Callable[[StoreData], Any]) -> StoreData:
        with self.transaction() as data:
            edit(data)
        return data

    def _write_sealed(self, data: StoreData, held: set[str], plaintext: list[str]) -> None:
        # Secrets go to the keyring before the file that refers to them is written, and the ones it
        # no longer refers to are deleted after: a crash in between leaves an unused secret, never a lost one.
        from app.core import secrets

        vault = secrets.Vault(self.state_dir)
        if secrets.plaintext_servers(data):
            migrating = [name for name in plaintext if data.server(name) is not None]
            for notice in secrets.seal(data, vault, migrating=migrating):
                self._notify(notice)
        self._write(data)
        if unused := held - secrets.references(data):
            secrets.forget(unused, vault)

    def _write(self, data: StoreData) -> None:
        payload = serialize(data)
        self._write_payload(payload)
        self._remember(payload, data)

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
    def _locked(self) -> Iterator[None]:
        self._ensure_home()
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            if hasattr(os, "fchmod"):  # a lock file an older version made keeps its mode through O_CREAT
                os.fchmod(fd, 0o600)
        except OSError as exc:
            raise StoreError("store.no_lock", path=str(self.lock_path), reason=str(exc.strerror or exc)) from exc
        try:
            self._acquire(fd)
            try:
                remove_stale_temporaries(self.path)
                yield
            finally:
                filelock.release(fd)
        finally:
            os.close(fd)
