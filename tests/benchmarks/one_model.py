"""The smallest use of pydantic, as source text: the reference for what the product's stack costs.

A model, not only the import: `import pydantic` leaves `pydantic.main`, the schema builder, the plugin
loader and pydantic-core's validators unloaded (about 11 MiB and tens of ms here), and any model loads
them. No imports here, so a measured process that runs it carries nothing else of the benchmarks.
"""

ONE_MODEL = 'from pydantic import BaseModel\nclass A(BaseModel):\n    x: str\nA.model_validate_json(\'{"x": "y"}\')'
