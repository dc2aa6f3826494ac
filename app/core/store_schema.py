"""The store model's rules as data: `StoreData`'s JSON schema, for the reader that skips pydantic.

Generated from `app.core.model` (never edited by hand): after changing the model, run
`python -m app.core.store_schema` to write it again; a test fails while the two differ. The same
for `STATUS_SCHEMA`, the published connection status (`app.core.status.ConnectionStatus`).
Titles and descriptions are left out: only what a value must be is here. `app.core.plain_store`
applies it.
"""

from __future__ import annotations

from typing import Any

# fmt: off
SCHEMA: dict[str, Any] = {'$defs': {'HttpTarget': {'additionalProperties': True,
                          'properties': {'kind': {'const': 'http', 'default': 'http', 'type': 'string'},
                                         'url': {'pattern': '^https?://[^/\\s]+', 'type': 'string'},
                                         'headers': {'additionalProperties': {'type': 'string'},
                                                     'type': 'object',
                                                     'default': {}}},
                          'required': ['url'],
                          'type': 'object'},
           'Root': {'additionalProperties': True,
                    'properties': {'id': {'type': 'string'},
                                   'name': {'type': 'string'},
                                   'entered_path': {'type': 'string'},
                                   'path': {'type': 'string'},
                                   'uri': {'type': 'string'},
                                   'is_file': {'default': False, 'type': 'boolean'},
                                   'enabled': {'default': True, 'type': 'boolean'},
                                   'added_at': {'format': 'date-time', 'type': 'string'}},
                    'required': ['name', 'entered_path', 'path', 'uri'],
                    'type': 'object'},
           'ServerEntry': {'additionalProperties': True,
                           'properties': {'name': {'pattern': '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$',
                                                   'type': 'string'},
                                          'target': {'discriminator': {'mapping': {'http': '#/$defs/HttpTarget',
                                                                                   'stdio': '#/$defs/StdioTarget'},
                                                                       'propertyName': 'kind'},
                                                     'oneOf': [{'$ref': '#/$defs/StdioTarget'},
                                                               {'$ref': '#/$defs/HttpTarget'}]},
                                          'share': {'anyOf': [{'enum': ['all', 'none'], 'type': 'string'},
                                                              {'items': {'type': 'string'}, 'type': 'array'}],
                                                    'default': 'all'},
                                          'consent': {'default': 'pending',
                                                      'enum': ['pending', 'given'],
                                                      'type': 'string'},
                                          'legacy_only': {'default': False, 'type': 'boolean'},
                                          'era': {'default': 'auto',
                                                  'enum': ['auto', '2025-11-25', '2026-07-28'],
                                                  'type': 'string'},
                                          'roots_source': {'default': 'rootkeeper',
                                                           'enum': ['rootkeeper', 'host', 'merge'],
                                                           'type': 'string'},
                                          'path_aliases': {'additionalProperties': {'type': 'string'},
                                                           'type': 'object',
                                                           'default': {}},
                                          'also_send_own_folders': {'default': False, 'type': 'boolean'},
                                          'enabled': {'default': True, 'type': 'boolean'},
                                          'added_at': {'format': 'date-time', 'type': 'string'}},
                           'required': ['name', 'target'],
                           'type': 'object'},
           'StdioTarget': {'additionalProperties': True,
                           'properties': {'kind': {'const': 'stdio', 'default': 'stdio', 'type': 'string'},
                                          'command': {'type': 'string'},
                                          'args': {'items': {'type': 'string'},
                                                   'type': 'array',
                                                   'default': []},
                                          'env': {'additionalProperties': {'type': 'string'},
                                                  'type': 'object',
                                                  'default': {}},
                                          'cwd': {'anyOf': [{'type': 'string'}, {'type': 'null'}],
                                                  'default': None}},
                           'required': ['command'],
                           'type': 'object'}},
 'additionalProperties': True,
 'properties': {'schema_version': {'default': 2, 'type': 'integer'},
                'revision': {'default': 0, 'type': 'integer'},
                'roots': {'items': {'$ref': '#/$defs/Root'}, 'type': 'array', 'default': []},
                'servers': {'items': {'$ref': '#/$defs/ServerEntry'}, 'type': 'array', 'default': []},
                'paused': {'default': False, 'type': 'boolean'}},
 'type': 'object'}
# fmt: on

# fmt: off
STATUS_SCHEMA: dict[str, Any] = {'properties': {'state': {'default': 'stopped',
                          'enum': ['connecting', 'connected', 'backoff', 'stopped', 'failed'],
                          'type': 'string'},
                'era': {'anyOf': [{'enum': ['legacy', 'modern'], 'type': 'string'}, {'type': 'null'}],
                        'default': None},
                'protocol_version': {'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None},
                'last_roots_fetch_at': {'anyOf': [{'format': 'date-time', 'type': 'string'},
                                                  {'type': 'null'}],
                                        'default': None},
                'last_roots_fetch': {'anyOf': [{'items': {'type': 'string'}, 'type': 'array'},
                                               {'type': 'null'}],
                                     'default': None},
                'session_fetches': {'default': 0, 'type': 'integer'},
                'roots_fetch_count': {'default': 0, 'type': 'integer'},
                'last_error': {'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None},
                'last_error_code': {'anyOf': [{'type': 'string'}, {'type': 'null'}], 'default': None},
                'last_error_args': {'anyOf': [{'additionalProperties': {'type': 'string'}, 'type': 'object'},
                                              {'type': 'null'}],
                                    'default': None},
                'retry_in': {'anyOf': [{'type': 'number'}, {'type': 'null'}], 'default': None},
                'settled_at': {'anyOf': [{'format': 'date-time', 'type': 'string'}, {'type': 'null'}],
                               'default': None},
                'failed_sessions': {'default': 0, 'type': 'integer'}},
 'type': 'object'}
# fmt: on


def _bare(node: Any) -> Any:
    if isinstance(node, dict):
        return {key: _bare(value) for key, value in node.items() if key not in ("title", "description")}
    if isinstance(node, list):
        return [_bare(value) for value in node]
    return node


def derived_status() -> dict[str, Any]:
    """`STATUS_SCHEMA` as `ConnectionStatus` gives it now (imports pydantic)."""
    from app.core.status import ConnectionStatus

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

    path = Path(__file__)
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
