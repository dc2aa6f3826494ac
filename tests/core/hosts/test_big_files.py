"""Big host files take the fast path (the C decoder, edits that carry their document along) and come out
byte for byte as the careful reader would have them: install writes the same text, uninstall restores the file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.hosts import HOSTS, ConfigFile, jsonc
from app.core.hosts.install import load_records, plan_install, plan_uninstall, read_config, write
from app.core.hosts.jsonhost import JsonHost
from tests.support.big_host_files import claude_code_config, commented_config
from tests.support.host_samples import SAMPLES

SIZE = 1 << 20


def _careful(text: str, host: JsonHost) -> jsonc.Node:
    """The document as the character-by-character reader reads it (what every edit was made from before)."""
    return jsonc._Parser(text, comments=host.comments, trailing_commas=host.trailing_commas).document()


def _fast(node: jsonc.Node) -> jsonc.Node:
    assert node._scan is not None, "read by the careful reader, not the C decoder"
    return node


def _same_document(fast: jsonc.Node, careful: jsonc.Node, where: tuple[str, ...] = ()) -> None:
    assert (fast.start, fast.end) == (careful.start, careful.end), where
    assert fast.value == careful.value, where
    assert fast.members.keys() == careful.members.keys(), where
    for key, child in careful.members.items():
        _same_document(fast.members[key], child, (*where, key))


def _command(name: str) -> list[str]:
    return ["/opt/rootkeeper/rootkeeper", "bridge", name]


def _expected_install(host: JsonHost, text: str, locations: list[tuple[str, ...]]) -> str:
    """Each entry replaced the way it always was: a careful read of the whole file per edit."""
    for location in locations:
        node = _careful(text, host).find(location)
        assert node is not None
        installed = jsonc.render(host.bridge_entry(node.value, _command(location[-1])), text, node.start)
        text = text[: node.start] + installed + text[node.end :]
    return text


def _install_and_uninstall(rk_home: Path, path: Path, host_name: str, text: str) -> None:
    host = HOSTS[host_name]
    assert isinstance(host, JsonHost)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    config = ConfigFile(path, "user")
    read = read_config(host, path)
    chosen = [(server, server.name) for server in host.read(path, read) if server.transport == "stdio"]
    assert len(chosen) >= 2
    change = plan_install(host, config, read, chosen, _command)
    expected = _expected_install(host, text, [server.location for server, _ in chosen])
    assert change.after == expected
    _same_document(_fast(jsonc.parse(change.after, comments=host.comments, trailing_commas=host.trailing_commas)),
                   _careful(change.after, host))
    write(change)
    assert path.read_bytes() == expected.encode("utf-8")

    installed = read_config(host, path)
    assert all(server.bridged_as == server.name for server in host.read(path, installed)
               if server.location in {s.location for s, _ in chosen})
    restore = plan_uninstall(host, config, installed, load_records())
    assert len(restore.restored) == len(chosen) and not restore.left
    write(restore)
    assert path.read_bytes() == text.encode("utf-8")


def test_a_big_claude_code_file_is_routed_and_restored_byte_for_byte(rk_home: Path, tmp_path: Path) -> None:
    text = claude_code_config(SIZE)
    host = HOSTS["claude-code"]
    assert isinstance(host, JsonHost)
    _same_document(_fast(jsonc.parse(text, comments=False)), _careful(text, host))
    _install_and_uninstall(rk_home, tmp_path / "home" / ".claude.json", "claude-code", text)


def test_a_big_file_with_comments_is_routed_and_restored_byte_for_byte(rk_home: Path, tmp_path: Path) -> None:
    text = commented_config(SIZE // 2)
    host = HOSTS["vscode"]
    assert isinstance(host, JsonHost)
    _same_document(_fast(jsonc.parse(text)), _careful(text, host))
    _install_and_uninstall(rk_home, tmp_path / ".config" / "Code" / "User" / "mcp.json", "vscode", text)


def test_an_edited_document_is_the_document_of_the_edited_text() -> None:
    text = claude_code_config(400_000)
    top = jsonc.parse(text, comments=False)
    projects = top.find(("projects",))
    assert projects is not None
    for location in [("mcpServers", "filesystem"), ("projects", *next(iter(
            (folder, "mcpServers", name) for folder, project in projects.value.items()
            for name in project["mcpServers"]))), ("numStartups",)]:
        node = top.find(location)
        assert node is not None
        value_text = json.dumps({"command": "x", "args": ["a", "é🚀"]}, indent=1)
        new_text = jsonc.replace_span(text, node, value_text)
        new = jsonc.parse_value(value_text)
        assert new is not None
        edited = jsonc.replaced(top, text, location, new, new_text)
        _same_document(edited, jsonc._Parser(new_text, comments=False, trailing_commas=False).document())
        text, top = new_text, edited


# -- the fast reader reads what the careful one reads, spans and all ------------------------------------------

KEYS = st.text(alphabet=st.sampled_from('ab"\\/*,é🚀\n{}[]'), max_size=6)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.sampled_from('xy"\\/*,// /* */ é🚀\n\t{}[]'), max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(KEYS, children, max_size=4),
    max_leaves=30,
)


def _commented(value: Any, indent: int, comment: str) -> str:
    """`value` as JSON with a comment after every line and a trailing comma before every closing bracket."""
    lines = json.dumps(value, indent=indent, ensure_ascii=False).split("\n")
    out = []
    for index, line in enumerate(lines):
        follows = lines[index + 1].lstrip() if index + 1 < len(lines) else ""
        trailing = "," if follows[:1] in ("}", "]") and line.rstrip()[-1:] not in ("{", "[", ",") else ""
        out.append(line + trailing + comment)
    return "\n".join(out)


@settings(max_examples=150, deadline=None)
@given(VALUES, st.sampled_from([" // note, with ]", " /* a } b */", ""]))
def test_the_fast_reader_agrees_with_the_careful_one(value: object, comment: str) -> None:
    plain = json.dumps(value, indent=2, ensure_ascii=False)
    careful = jsonc._Parser(plain, comments=False, trailing_commas=False).document()
    _same_document(_fast(jsonc.parse(plain, comments=False)), careful)
    commented = _commented(value, 2, comment)
    careful = jsonc._Parser(commented, comments=True, trailing_commas=True).document()
    _same_document(_fast(jsonc.parse(commented)), careful)


def test_what_only_the_careful_reader_accepts_or_refuses_is_left_to_it() -> None:
    for text in ('{"a": [,]}', '{"a": {,}}', '{"a": NaN}', '{"a": [1,,]}', '{"a": 1,}', '{"a": "x /*\n*/ y"}',
                 '{"a": "x /*\n*/ y", "b": [1,]}', '\ufeff{"a": [\ufeff1]}'):
        try:
            expected: object = _careful_value(text)
        except jsonc.JsoncError as exc:
            expected = str(exc)
        try:
            got: object = jsonc.parse(text).value
        except jsonc.JsoncError as exc:
            got = str(exc)
        assert got == expected, text


def _careful_value(text: str) -> Any:
    return jsonc._Parser(text, comments=True, trailing_commas=True).document().value


ONE_LINE = ('{"mcpServers": {"a": {"command": "npx", "args": ["x"]}, "b": {"command": "uvx"}}, "projects": {"/p": '
            '{"mcpServers": {"c": {"command": "node", "args": []}}}}}')


def test_edits_made_at_once_are_the_edits_made_one_by_one(tmp_path: Path) -> None:
    """On every JSON host's sample (entries on lines of their own: one pass) and on a file with its entries on one
    line (where one edit moves the next: one by one), routing and restoring give what one edit after another does."""
    big = claude_code_config(300_000)
    cases = [(sample.host, sample.written(tmp_path)) for sample in SAMPLES if isinstance(HOSTS[sample.host], JsonHost)]
    for host_name, text in [*cases, ("claude-code", ONE_LINE), ("claude-code", big)]:
        host = HOSTS[host_name]
        assert isinstance(host, JsonHost)
        path = tmp_path / "config.json"
        servers = host.read(path, text)
        assert len(servers) > 1, host_name
        chosen = [(server, _command(server.name)) for server in servers]
        at_once = host.install_edits(path, text, chosen)
        one_by_one = text
        for server, command in chosen:
            one_by_one = host.install_edit(path, one_by_one, server, command).text
        assert (at_once is None) == (text == ONE_LINE), host_name
        if at_once is not None:
            assert at_once[-1].text == one_by_one, host_name
        records = [(server.location, server.name, text[node.start : node.end])
                   for server in servers for node in [jsonc.parse(text, comments=host.comments).find(server.location)]
                   if node is not None]
        restored = host.restore_edits(path, one_by_one, records)
        assert restored is not None and restored[0] == text and all(restored[1]), host_name
