from __future__ import annotations

import pytest

from app.core.model import Root
from app.core.roots.overlap import broad_reason, find_overlaps


def _root(path: str) -> Root:
    return Root(name=path.rsplit("/", 1)[-1] or "/", entered_path=path, path=path, uri="file://" + path)


@pytest.mark.parametrize(
    ("path", "fragment"),
    [
        ("/", "whole drive"),
        ("C:\\", "whole drive"),
        ("/home/alice", "whole home folder"),
        ("/home/me", "your whole home folder"),
        ("/home/me/.ssh", "keys or credentials"),
        ("/home/me/.ssh/keys", "keys or credentials"),
        ("/home/me/.gnupg", "keys or credentials"),
        ("/etc", "system folder"),
        ("/usr/lib", "system folder"),
        ("/home", "other users"),
    ],
)
def test_broad_roots(path: str, fragment: str) -> None:
    reason = broad_reason(path, home="/home/me")
    assert reason is not None and fragment in reason


@pytest.mark.parametrize("path", ["/home/me/projects", "/home/me/projects/app", "/srv/data/x", "/var/www", "/tmp/x"])
def test_ordinary_roots_are_not_broad(path: str) -> None:
    assert broad_reason(path, home="/home/me") is None


def test_duplicates_and_nesting() -> None:
    roots = [_root("/p/app"), _root("/p/app/src/lib"), _root("/q")]
    found = find_overlaps("/p/app/src", roots)
    assert [(o.relation, o.other.path) for o in found] == [("inside", "/p/app"), ("contains", "/p/app/src/lib")]
    assert [o.relation for o in find_overlaps("/q", roots)] == ["duplicate"]
    assert find_overlaps("/p/application", roots) == []
    assert "already shared" in find_overlaps("/q", roots)[0].sentence("/q")
