"""The persisted state: shared folders, configured servers and what each server may see.

Everything here is plain data validated by pydantic; rules that need the file system live in
`paths`, `access` and `overlap`, and reading/writing lives in `store`.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

# Re-exported: the ids and times a root's fields default to, made without pydantic for the plain writer too.
from app.core.roots.ids import new_root_id, utc_now
from app.core.servers.binding import AsksRoots
from app.core.servers.words import Consent, EraPin, RootsSource, SharingMode
from app.core.text import refusal

SCHEMA_VERSION = 2

SERVER_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
HTTP_URL_RE = re.compile(r"^https?://[^/\s]+")
# Each is also declared as its field's JSON-schema `pattern`, which `app.core.store.schema` carries to the
# reader that skips pydantic (`app.core.store.plain`, which applies it with `re.match` as the validators do).


class _Model(BaseModel):
    # Fields this version does not know (from a newer minor version) are kept and written back.
    model_config = ConfigDict(extra="allow", validate_assignment=True)


class Root(_Model):
    """One shared folder (or file).

    `entered_path` is what the user typed or dropped, cleaned and made absolute without resolving
    symlinks; `path` is the canonical target (symlinks resolved) and is what the URI is built from.
    """

    id: str = Field(default_factory=new_root_id)
    name: str
    entered_path: str
    path: str
    uri: str
    is_file: bool = False
    enabled: bool = True
    added_at: datetime = Field(default_factory=utc_now)
    read_only: bool = False
    """A confined server may read it but not change, create, rename or delete anything in it (`app.core.confine`);
    servers that are only told about it are not held to this (roots carry no mode)."""


class StdioTarget(_Model):
    kind: Literal["stdio"] = "stdio"
    command: str
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    """Each value is a secret: once saved, a reference to it (`core.servers.secrets`); `reveal` gives the real one."""
    cwd: str | None = None


class HttpTarget(_Model):
    kind: Literal["http"] = "http"
    url: str = Field(json_schema_extra={"pattern": HTTP_URL_RE.pattern})
    """A password in it (`http://user:password@host`) is kept like a header value, as a reference."""
    headers: dict[str, str] = Field(default_factory=dict)
    """Each value is a secret kept as a reference once saved; `Authorization`'s scheme word stays visible."""

    @field_validator("url")
    @classmethod
    def _http_only(cls, value: str) -> str:
        if not HTTP_URL_RE.match(value):
            raise refusal("server.bad_url", url=value)
        return value


Target = Annotated[StdioTarget | HttpTarget, Field(discriminator="kind")]


class ServerEntry(_Model):
    """A configured MCP server and what it may see.

    `share` is `"all"`, `"none"` (the roots capability is not declared at all) or a list of root
    ids. While `consent` is `"pending"` the capability is declared but the list sent is empty.
    `legacy_only` is remembered when a server broke on the modern-era probe.
    """

    name: str = Field(json_schema_extra={"pattern": SERVER_NAME_RE.pattern})
    target: Target
    share: SharingMode | list[str] = "all"
    consent: Consent = "pending"
    legacy_only: bool = False
    era: EraPin = "auto"
    roots_source: RootsSource = "rootkeeper"
    """Behind the bridge, for a host with roots of its own: whose list the server sees (or both, merged)."""
    path_aliases: dict[str, str] = Field(default_factory=dict)
    """Local folder prefix -> the path the server sees it as (a container, a VM, WSL); see `core.servers.aliases`."""
    also_send_own_folders: bool = False
    """Also send the folders on the server's own command line, after Rootkeeper's (servers whose roots replace them)."""
    kept_folders: list[str] = Field(default_factory=list)
    """Folders on its command line that the user chose to leave there when adding or importing it, instead of
    giving it the folders Rootkeeper shares (`core.servers.folder_args`): it serves them whatever is shared."""
    enabled: bool = True
    """A disabled server keeps its settings but is not connected (the hub stops it and does not restart it)."""
    added_at: datetime = Field(default_factory=utc_now)
    confined: bool = False
    """Started under an OS ruleset that lets it touch only its folders, the system and its own program
    (`core.confine`); existing servers stay off, new stdio servers start on where the system can confine them."""
    asks_roots: AsksRoots | None = None
    """When the server was seen asking for its folders (learned, never assumed: see `core.servers.binding`);
    None until it has been seen asking (or connecting without asking)."""
    keeps_after_empty: bool = False
    """Learned, never assumed: after being answered an empty list it still served a folder it had been given
    before (`core.servers.binding.serves_withdrawn`), so an empty list does not take folders away from it
    (`core.servers.arguments.keeps_folders_when_empty`)."""

    @field_validator("name")
    @classmethod
    def _valid_name(cls, value: str) -> str:
        if not SERVER_NAME_RE.match(value):
            raise refusal("server.bad_name", name=value)
        return value

    @property
    def declares_roots(self) -> bool:
        return self.share != "none"


class StoreData(_Model):
    schema_version: int = SCHEMA_VERSION
    revision: int = 0
    roots: list[Root] = Field(default_factory=list)
    servers: list[ServerEntry] = Field(default_factory=list)
    paused: bool = False

    def server(self, name: str) -> ServerEntry | None:
        return next((s for s in self.servers if s.name == name), None)

    def root_by_id(self, root_id: str) -> Root | None:
        return next((r for r in self.roots if r.id == root_id), None)

    def new_root(self, *, name: str, entered_path: str, path: str, uri: str, is_file: bool) -> Root:
        """A root to add, with a fresh id and the time it is added (the roots edits make each one through this,
        which the plain data's view has too: `app.core.store.plain.PlainStore`)."""
        return Root(name=name, entered_path=entered_path, path=path, uri=uri, is_file=is_file)
