"""The central visibility rule: which roots a server is given, from sharing, consent, pause and access."""

from __future__ import annotations

from app.core.model import Root, ServerEntry, StdioTarget, StoreData
from app.core.roots.access import AccessResult, AccessStatus
from app.core.roots.sharing import SharedRoot, chosen_roots, visible_roots


def root(name: str, *, enabled: bool = True) -> Root:
    return Root(name=name, entered_path=f"/data/{name}", path=f"/data/{name}", uri=f"file:///data/{name}",
                enabled=enabled)


def server(share: object = "all", consent: str = "given") -> ServerEntry:
    return ServerEntry(name="s", target=StdioTarget(command="x"), share=share, consent=consent)  # type: ignore[arg-type]


OK = AccessResult(AccessStatus.OK, "fine")


def world() -> tuple[StoreData, dict[str, AccessResult]]:
    data = StoreData(roots=[root("a"), root("b"), root("off", enabled=False), root("gone")])
    statuses = {r.id: OK for r in data.roots}
    statuses[data.roots[3].id] = AccessResult(AccessStatus.MISSING, "deleted")
    return data, statuses


def names(shared: list[SharedRoot]) -> list[str]:
    return [item.name for item in shared]


def test_all_sends_every_enabled_reachable_root_in_list_order() -> None:
    data, statuses = world()
    assert [r.name for r in chosen_roots(data, server("all"))] == ["a", "b", "gone"]
    assert visible_roots(data, server("all"), statuses) == [
        SharedRoot("file:///data/a", "a"), SharedRoot("file:///data/b", "b")
    ]


def test_none_and_a_subset() -> None:
    data, statuses = world()
    assert chosen_roots(data, server("none")) == [] and visible_roots(data, server("none"), statuses) == []
    _a, b, off, gone = (r.id for r in data.roots)
    subset = server([b, off, gone, "r-unknown"])
    assert [r.name for r in chosen_roots(data, subset)] == ["b", "gone"]
    assert names(visible_roots(data, subset, statuses)) == ["b"]


def test_pending_consent_and_pause_send_an_empty_list() -> None:
    data, statuses = world()
    assert names(visible_roots(data, server("all", consent="pending"), statuses)) == []
    data.paused = True
    assert names(visible_roots(data, server("all"), statuses)) == []
    data.paused = False
    assert names(visible_roots(data, server("all"), statuses)) == ["a", "b"]


def test_failing_or_unchecked_access_keeps_a_root_out() -> None:
    data, statuses = world()
    statuses[data.roots[0].id] = AccessResult(AccessStatus.PERMISSION_DENIED, "denied")
    del statuses[data.roots[1].id]  # not checked yet: not sent until a check passes
    assert names(visible_roots(data, server("all"), statuses)) == []
    statuses[data.roots[1].id] = OK
    assert names(visible_roots(data, server("all"), statuses)) == ["b"]


def test_a_disabled_root_is_never_sent_even_when_chosen_and_reachable() -> None:
    data, statuses = world()
    off = data.roots[2]
    assert statuses[off.id].ok
    assert names(visible_roots(data, server([off.id]), statuses)) == []
    off.enabled = True
    assert names(visible_roots(data, server([off.id]), statuses)) == ["off"]
