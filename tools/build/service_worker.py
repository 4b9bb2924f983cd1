"""site/sw.js: web/sw.js with the precache list and a content hash as cache version."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import WEB, BuildError

MARKER = "const BUILD = null; // replaced by build.py"


def write_service_worker(site: Path) -> str:
    """Write site/sw.js and site/version.json; return the cache version."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    version = h.hexdigest()[:16]
    precache = ["./"] + files
    template = (WEB / "sw.js").read_text()
    if MARKER not in template:
        raise BuildError("web/sw.js lacks the BUILD marker line")
    build = {"version": version, "precache": precache}
    (site / "sw.js").write_text(template.replace(
        MARKER, f"const BUILD = {json.dumps(build, separators=(',', ':'))};"))
    (site / "version.json").write_text(json.dumps({"version": version, "files": len(files)}) + "\n")
    return version
