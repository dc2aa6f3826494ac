"""Importable test support: plain functions, classes and constants, one module per concept.

What has setup, teardown or per-test state (a running process, an app, servers, a display, a keyring)
is a fixture in the `conftest.py` of the folder whose tests use it; tests request those by name and
import only from here.
"""
