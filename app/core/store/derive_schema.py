"""The store's schemas as the model gives them now (imports pydantic), and the writer of `schema.py`.

`python -m app.core.store.derive_schema` writes `SCHEMA` and `STATUS_SCHEMA` into `schema.py`
again after a model change; a test checks that they agree.
"""

from __future__ import annotations

from typing import Any


def _bare(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _bare(value) for key, value in node.items() if key not in ("title", "description")}
    if isinstance(node, list):
        return [_bare(value) for value in node]
    return node


def derived_status() -> dict[str, Any]:
    """`STATUS_SCHEMA` as `ConnectionStatus` gives it now (imports pydantic)."""
    from app.core.servers.status import ConnectionStatus

    schema: dict[str, Any] = _bare(ConnectionStatus.model_json_schema())
    return schema


def derived() -> dict[str, Any]:
    """The schema as the model gives it now, without titles and descriptions (imports pydantic).

    An empty list or mapping made by a field's `default_factory` is written as its default (JSON
    schema leaves factories out); other factories (an id, a time) stay out: only the model runs them.
    """
    from app.core import model
    from app.core.model import StoreData

    schema: dict[str, Any] = _bare(StoreData.model_json_schema())
    for name, node in [("StoreData", schema), *schema["$defs"].items()]:
        for field_name, field in getattr(model, name).model_fields.items():
            if field.default_factory in (list, dict):
                node["properties"][field_name]["default"] = field.default_factory()
    return schema


def _write() -> None:
    import pprint
    import re
    from pathlib import Path

    path = Path(__file__).with_name("schema.py")
    text = path.read_text(encoding="utf-8")
    for name, schema in (("SCHEMA", derived()), ("STATUS_SCHEMA", derived_status())):
        literal = pprint.pformat(schema, indent=1, width=110, sort_dicts=False)
        block = f"# fmt: off\n{name}: dict[str, Any] = " + literal + "\n# fmt: on\n"
        found = re.search(rf"# fmt: off\n{name}: .*?# fmt: on\n", text, flags=re.DOTALL)
        assert found is not None, f"{name}'s block is missing"
        text = text[:found.start()] + block + text[found.end():]
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    _write()
