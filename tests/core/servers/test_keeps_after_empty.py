"""A server seen serving a folder after an empty list keeps its folders: the rule that teaches it, and its use."""

from __future__ import annotations

from pathlib import Path

from app.core.model import ServerEntry, StdioTarget, StoreData
from app.core.roots.sharing import withheld
from app.core.servers.arguments import keeps_folders_when_empty
from app.core.servers.binding import serves_withdrawn


def test_a_path_inside_a_withdrawn_folder_shows_it_still_serves(tmp_path: Path) -> None:
    alpha = tmp_path / "alpha"
    withdrawn = [str(alpha), alpha.as_uri()]
    assert serves_withdrawn([f"Allowed directories:\n{alpha}"], withdrawn)
    assert serves_withdrawn(["", str(alpha / "notes.txt")], withdrawn)  # e.g. the path the host asked to read
    assert serves_withdrawn([f"see {(alpha / 'x').as_uri()}"], withdrawn)


def test_a_name_that_only_starts_the_same_or_no_folder_at_all_does_not(tmp_path: Path) -> None:
    alpha = tmp_path / "alpha"
    assert not serves_withdrawn([str(tmp_path / "alphabet"), f"{alpha}-old", f"{alpha}.bak"], [str(alpha)])
    assert not serves_withdrawn([str(alpha)], [])  # nothing was withdrawn
    assert not serves_withdrawn([], [str(alpha)])


def test_a_server_learned_to_keep_its_folders_is_withheld_while_its_list_is_empty() -> None:
    entry = ServerEntry(name="keeper", target=StdioTarget(command="keeper-server"), share="all", consent="given")
    data = StoreData(servers=[entry], paused=True)
    assert not keeps_folders_when_empty(entry) and withheld(data, entry, []) is None  # not known, not seen
    learned = entry.model_copy(update={"keeps_after_empty": True})
    assert keeps_folders_when_empty(learned)
    refused = withheld(data, learned, [])
    assert refused is not None and str(refused) == "Sharing with keeper is paused in Rootkeeper."
    assert withheld(data, learned, ["a folder"]) is None  # something to share: it serves
