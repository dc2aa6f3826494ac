"""The status file writes each fetched list once, however many servers were sent it, and reads back every row whole."""

from __future__ import annotations

import json
from pathlib import Path

from app.core.servers.status import ConnectionStatus, StatusBoard


def test_servers_sent_the_same_list_share_one_copy_in_the_file(tmp_path: Path) -> None:
    everything = [f"file:///data/f{n}" for n in range(1000)]
    statuses = {
        **{f"s{n}": ConnectionStatus(state="connected", era="legacy", last_roots_fetch=everything) for n in range(50)},
        "picky": ConnectionStatus(state="connected", era="legacy", last_roots_fetch=everything[:2]),
        "new": ConnectionStatus(state="connecting"),
    }
    board = StatusBoard(tmp_path)
    board.publish_statuses(statuses)
    document = json.loads(board.path.read_text("ascii"))
    assert len(document["lists"]) == 2
    assert board.path.read_text("ascii").count("file:///data/f999") == 1
    rows, running = board.read()
    assert running
    assert rows == {name: status.row() for name, status in statuses.items()}
    read_back, _ = board.statuses()
    assert read_back["s7"].last_roots_fetch == everything and read_back["new"].last_roots_fetch is None


def test_a_row_pointing_at_a_missing_list_reads_as_having_none(tmp_path: Path) -> None:
    board = StatusBoard(tmp_path)
    board.publish({"odd": {**ConnectionStatus(state="connected").row(), "last_roots_fetch_list": 5}}, [["file:///a"]])
    rows, _ = board.read()
    assert "last_roots_fetch_list" not in rows["odd"] and rows["odd"]["last_roots_fetch"] is None
