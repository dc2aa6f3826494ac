"""Runtime hook of the frozen build: stands in for `cryptography`, which the build leaves out (14 MB).

`import mcp` imports the SDK's server side, whose request-state sealing imports four names from
cryptography at module level. Rootkeeper is only ever an MCP client and never seals a request
state, so those names only have to exist; using one says clearly what is missing.
"""

import sys
import types


class _NotBundled:
    def __init__(self, *args: object, **kwargs: object) -> None:
        raise RuntimeError("this build of Rootkeeper does not include the 'cryptography' package")


class _NotBundledError(Exception):
    pass


_NAMES = {
    "cryptography.exceptions": {"InvalidTag": _NotBundledError},
    "cryptography.hazmat.primitives.ciphers.aead": {"AESGCM": _NotBundled},
    "cryptography.hazmat.primitives.hashes": {"SHA256": _NotBundled},
    "cryptography.hazmat.primitives.kdf.hkdf": {"HKDF": _NotBundled},
}


def _install() -> None:
    try:
        import cryptography  # noqa: F401  (a real copy, if a later build ships one, wins)
        return
    except ImportError:
        pass
    for dotted, names in _NAMES.items():
        parts = dotted.split(".")
        for depth in range(1, len(parts) + 1):
            name = ".".join(parts[:depth])
            module = sys.modules.get(name)
            if module is None:
                module = types.ModuleType(name, "stand-in: cryptography is not bundled")
                module.__path__ = []  # a package, so its submodules resolve through sys.modules
                sys.modules[name] = module
                if depth > 1:
                    setattr(sys.modules[".".join(parts[:depth - 1])], parts[depth - 1], module)
        for attribute, value in names.items():
            setattr(sys.modules[dotted], attribute, value)


_install()
