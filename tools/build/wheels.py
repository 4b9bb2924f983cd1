"""The two wheels the worker installs: pysolver's (written from pysolver/, no
setuptools run, so it works offline) and micropip's (fetched from PyPI once)."""
from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

from .common import CACHE, FIXED_TIME, ROOT, BuildError, log

MICROPIP = "micropip==0.11.1"


def cached_micropip() -> list[Path]:
    name, version = MICROPIP.split("==")
    return sorted(CACHE.glob(f"{name}-{version}-*.whl"))


def micropip_wheel() -> Path:
    """micropip's published wheel, downloaded into the cache outside site/ once."""
    CACHE.mkdir(parents=True, exist_ok=True)
    found = cached_micropip()
    if not found:
        log(f"downloading {MICROPIP} from PyPI into {CACHE}")
        r = subprocess.run([sys.executable, "-m", "pip", "download", MICROPIP, "--no-deps",
                            "--only-binary=:all:", "--python-version", "3.14",
                            "--disable-pip-version-check", "-q", "-d", str(CACHE)])
        found = cached_micropip()
        if r.returncode or not found:
            raise BuildError(f"could not download {MICROPIP} (needed once; then it is cached)")
    return found[0]


def _write_zip(out: Path, files: dict[str, bytes]) -> None:
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files.items():
            info = zipfile.ZipInfo(arc, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def wheel_entries(wheel: Path) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(wheel) as z:
        return [(info, z.read(info)) for info in z.infolist()]


def add_pycs(entries: list[tuple[zipfile.ZipInfo, bytes]], pycs: dict[str, bytes], out: Path) -> Path:
    """A copy of a wheel (its `entries`) with its modules' bytecode added
    (pyodide.loadPackage only unpacks it; RECORD is left as published)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            z.writestr(info, data)
        for arc, data in pycs.items():
            info = zipfile.ZipInfo(arc, FIXED_TIME)
            info.external_attr = 0o644 << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    return out


def wheel_files() -> tuple[str, dict[str, bytes]]:
    """A pure-Python wheel (PEP 427 name) of pysolver/: its name and files, RECORD
    left out (write_wheel adds it, after the bytecode)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    name, version = meta["name"], meta["version"]
    dist = f"{name}-{version}.dist-info"
    files = {}
    for path in sorted((ROOT / "pysolver").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    # the ASP encodings: pysolver/encodings links to encodings/ (rglob does not follow links)
    for path in sorted((ROOT / "encodings").glob("*.lp")):
        files[f"pysolver/encodings/{path.name}"] = path.read_bytes()
    files[f"{dist}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\nRequires-Python: {meta.get('requires-python', '')}\n"
    ).encode()
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: pysolver build.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    return f"{name}-{version}-py3-none-any.whl", files


def write_wheel(name: str, files: dict[str, bytes], out) -> None:
    """The wheel of `files` with its RECORD, into `out` (a path or a binary file)."""
    dist = next(n.split("/")[0] for n in files if n.endswith(".dist-info/WHEEL"))
    files = dict(files)
    record = []
    for arc, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    _write_zip(out, files)
