"""site/sw.js: web/sw.js with the precache list (each file with its content hash, so a new
build's service worker copies unchanged files from the old cache instead of downloading
them again) and a hash of them all as cache version."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import WEB, BuildError

MARKER = "const BUILD = null; // replaced by build.py"


def write_service_worker(site: Path) -> str:
    """Write site/sw.js and site/version.json; return the cache version."""
    # the two files this step writes are not precached (version.json is read online only)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and p.relative_to(site).as_posix() not in ("sw.js", "version.json"))
    h = hashlib.sha256()
    hashes = {}
    for rel in files:
        digest = hashlib.sha256((site / rel).read_bytes()).digest()
        hashes[rel] = digest.hex()[:16]
        h.update(rel.encode() + b"\0" + digest)
    version = h.hexdigest()[:16]
    precache = [["./", hashes.get("index.html", "")]] + [[rel, hashes[rel]] for rel in files]
    template = (WEB / "sw.js").read_text()
    if MARKER not in template:
        raise BuildError("web/sw.js lacks the BUILD marker line")
    build = {"version": version, "precache": precache}
    (site / "sw.js").write_text(template.replace(
        MARKER, f"const BUILD = {json.dumps(build, separators=(',', ':'))};"))
    (site / "version.json").write_text(json.dumps({"version": version, "files": len(files)}) + "\n")
    return version
