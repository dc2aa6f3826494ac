"""The .deb's `Depends:`, read off the frozen folder: the packages of the libraries it links but does not carry.

    python packaging/depends.py dist/rootkeeper  ->  libc6 (>= 2.36), libegl1, ...

dpkg-shlibdeps gives the version bounds; it would also name the packages of the libraries PyInstaller
copied into the bundle, which the package does not need, so only the packages owning a library
that some bundled binary links and the bundle lacks are kept. Besides linked libraries, the
bundled fontconfig reads the system's /etc/fonts, which fontconfig-config provides (with a font).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

NOT_LINKED = ["fontconfig-config"]


def elf_files(folder: Path) -> list[Path]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as handle:
                if handle.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def needed(path: Path) -> set[str]:
    dynamic = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic))


def system_library(name: str) -> Path:
    """Where the dynamic linker finds `name` (the 64-bit copy: its cache entry names the ABI, e.g. x86-64)."""
    cache = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for line in cache.splitlines():
        match = re.match(r"\s*(\S+) \((\S+)\) => (\S+)$", line)
        if match and match[1] == name and "," in match[2]:
            return Path(match[3])
    raise SystemExit(f"{name} is linked by the bundle but not installed here, so its package is unknown")


def owner(library: Path) -> str:
    for candidate in (library, library.resolve()):
        done = subprocess.run(["dpkg", "-S", str(candidate)], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return done.stdout.split(":")[0]
    raise SystemExit(f"no Debian package owns {library}")


def shlibdeps(binaries: list[Path], search: list[Path]) -> dict[str, str]:
    """dpkg-shlibdeps' answer as {package: its full clause}."""
    with tempfile.TemporaryDirectory() as scratch:
        Path(scratch, "debian").mkdir()
        Path(scratch, "debian", "control").write_text("Source: rootkeeper\n\nPackage: rootkeeper\nArchitecture: any\n")
        done = subprocess.run(
            ["dpkg-shlibdeps", "-O", "--ignore-missing-info", *[f"-l{folder}" for folder in search],
             *map(str, binaries)], cwd=scratch, capture_output=True, text=True, check=True,
        )
    line = next(text for text in done.stdout.splitlines() if text.startswith("shlibs:Depends="))
    clauses = [clause.strip() for clause in line.split("=", 1)[1].split(",")]
    return {clause.split(" ")[0]: clause for clause in clauses}


def depends(folder: Path) -> str:
    folder = folder.resolve()  # dpkg-shlibdeps runs in a scratch folder
    bundled = {path.name for path in folder.rglob("*")}
    linking = {path: needed(path) - bundled for path in elf_files(folder)}
    linking = {path: names for path, names in linking.items() if names}
    packages = {owner(system_library(name)) for names in linking.values() for name in names}
    # Only the binaries that link outside the bundle: the others would name packages it does not need.
    bounds = shlibdeps(sorted(linking), sorted({path.parent for path in folder.rglob("*") if path.is_file()}))
    return ", ".join([bounds.get(package, package) for package in sorted(packages)] + NOT_LINKED)


if __name__ == "__main__":
    print(depends(Path(sys.argv[1])))
