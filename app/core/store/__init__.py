"""The store file: its model's bytes, parsing, repair, schema, memory of the file, the plain reader."""
