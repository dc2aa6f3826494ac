"""Each list's `roots/list` answer is built once, shared by every server with that list, and rebuilt after a change."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp_types import ListRootsResult, Root
from pydantic import FileUrl, ValidationError

from app.core.model import StoreData
from app.core.store.store import Store
from app.mcp.connection.roots import RootsAnswer, RootsAnswers
from app.mcp.hub import Hub
from tests.support.recordings import recorded
from tests.support.servers import python_server
from tests.support.store import add_roots
from tests.support.waiting import eventually

pytestmark = pytest.mark.timeout(90)

HOURS = 3 * 3600.0


def built_fresh(shared: list[tuple[str, str]]) -> ListRootsResult:
    """The answer built the plain way, one `FileUrl` per root: what the cached one must equal."""
    return ListRootsResult(roots=[Root(uri=FileUrl(uri), name=name or None) for uri, name in shared])


def test_one_list_is_one_answer_and_a_new_list_a_new_one() -> None:
    shared = [("file:///a", "a"), ("file:///b%20c", "b c"), ("file:///d", "")]
    answers = RootsAnswers()
    roots_answer = answers.of
    answer = roots_answer(shared)
    assert roots_answer(shared) is answer  # asked again (another request, another server): not rebuilt
    assert answer.result.model_dump(mode="json") == built_fresh(shared).model_dump(mode="json")
    assert answer.uris == ["file:///a", "file:///b%20c", "file:///d"]
    changed = [*shared[:1], ("file:///e", "e")]
    answers.retain([changed])  # as the hub does when a list changes, before the new answer is built
    rebuilt = roots_answer(changed)
    assert rebuilt is not answer
    assert rebuilt.result.roots[0] is answer.result.roots[0]  # the unchanged root was not validated again
    assert rebuilt.result.model_dump(mode="json") == built_fresh(changed).model_dump(mode="json")
    assert roots_answer(changed) is rebuilt and roots_answer(shared) is not answer  # only lists in use keep theirs
    equal_but_new = list(shared)  # a provider's new list object is a new answer, even with equal contents
    assert roots_answer(equal_but_new).result.model_dump() == answer.result.model_dump()


def test_a_uri_that_is_not_file_is_refused_before_it_reaches_a_server() -> None:
    with pytest.raises(ValidationError):
        RootsAnswer.build([("https://example.com/x", "x")])


async def test_servers_sharing_one_list_get_one_answer_rebuilt_after_an_edit(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    alpha, beta = data_dir / "alpha", data_dir / "beta"
    for folder in (alpha, beta):
        folder.mkdir(parents=True)
    store = Store(tmp_path / "home")
    add_roots(store, alpha)
    records = {name: tmp_path / f"{name}.jsonl" for name in ("one", "two")}

    def servers(data: StoreData) -> None:
        data.servers += [python_server(name, "legacy_recorder", "--record", str(record))
                         for name, record in records.items()]

    store.update(servers)
    hub = Hub(store, state_dir=tmp_path / "state", check_interval=HOURS, store_fallback_poll=HOURS)
    await hub.start()
    try:
        await eventually(lambda: all(recorded(r) == [[alpha.as_uri()]] for r in records.values()), what="first lists")
        answers = hub._answers
        assert answers is not None
        first = answers.of(hub.watcher.visible("one"))
        assert answers.of(hub.watcher.visible("two")) is first  # both share everything: one answer
        add_roots(store, beta)
        hub.reload_now()
        want = [alpha.as_uri(), beta.as_uri()]
        await eventually(lambda: all(recorded(r)[-1:] == [want] for r in records.values()), what="the new lists")
        after = answers.of(hub.watcher.visible("one"))
        assert after is not first and after.uris == want
        fresh = built_fresh([(root.uri, root.name) for root in hub.watcher.visible("one")])
        assert after.result.model_dump(mode="json") == fresh.model_dump(mode="json")
        assert hub.server_status("one").last_roots_fetch == want  # type: ignore[union-attr]
    finally:
        await hub.stop()
