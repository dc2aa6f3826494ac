"""How binding a server's list is: the rule, from its command line and what it was seen doing."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.servers.binding import Binding, binding, explained, learned, server_binding


def test_placeholders_bind_by_arguments_before_anything_the_server_did(tmp_path: Path) -> None:
    assert binding(["-y", "server-filesystem", "{roots}"], [], "never") is Binding.ARGUMENTS
    assert binding(["--repository={root}"], [], None) is Binding.ARGUMENTS
    assert server_binding(True, ["serve"], ["{roots_json}"], [], None)[0] is Binding.ARGUMENTS  # an env value


def test_folders_the_user_kept_on_its_command_line_are_its_own_whatever_it_asks(tmp_path: Path) -> None:
    data, other = str(tmp_path / "data"), str(tmp_path / "other")
    kind, own = server_binding(True, ["-y", "server-filesystem", data, f"--repository={other}"], [], [data, other],
                               "on_change")
    assert (kind, own) == (Binding.OWN_FOLDERS, [data, other])
    assert str(explained(kind, own)) == f"It serves {data}, {other} whatever the list says."


@pytest.mark.parametrize(("asks", "kind"), [("on_change", Binding.TOLD), ("at_connect", Binding.TOLD_AT_CONNECT),
                                            ("never", Binding.NOT_TOLD), (None, Binding.UNKNOWN)])
def test_otherwise_what_it_was_seen_doing_decides(asks: str | None, kind: Binding) -> None:
    assert server_binding(True, ["serve"], [], [], asks) == (kind, [])
    assert server_binding(False, [], [], [], asks) == (kind, [])  # a server reached by address
    assert str(kind.word()) and str(explained(kind)) != str(kind.word())


def test_a_fetch_seen_is_never_unseen() -> None:
    assert learned(None, "never") == "never"
    assert learned("never", "at_connect") == "at_connect"
    assert learned("at_connect", "on_change") == "on_change"
    assert learned("on_change", "at_connect") == "on_change"
    assert learned("at_connect", "never") == "at_connect"
