"""index.html's module preloads: the page's first board waits on a chain of module imports
(app/app.js -> genres -> the play view -> its panels -> ...), one round trip per level on
a first visit. Every module the start needs, listed as <link rel="modulepreload"> in the
<head>, is fetched at once instead (issue 32: the board within 1 s).

The roots are the page's own: its <script type="module" src> and the modulepreload links
written by hand in web/index.html (a module the start loads with import(), such as the
nonogram play view); the build adds the static imports of every root, transitively."""
from __future__ import annotations

import re
from pathlib import Path

from .common import BuildError

MARK = "<!-- module preloads (tools/build/preload.py) -->"
ROOT_TAGS = re.compile(r'<script type="module"[^>]*\bsrc="([^"]+)"|<link rel="modulepreload" href="([^"]+)"')
# static imports and re-exports; import("...") (loaded later, on demand) is not followed
STATIC = re.compile(r'^\s*(?:import|export)\b[^;"\'()]*?\bfrom\s*["\']([^"\']+)["\']|^\s*import\s*["\']([^"\']+)["\']',
                    re.M)


def static_closure(site: Path, roots: list[str]) -> list[str]:
    """Site-relative paths of `roots` and every module they import statically, depth first."""
    seen: dict[str, None] = {}

    def visit(rel: str, by: str) -> None:
        if rel in seen:
            return
        path = site / rel
        if not path.is_file():
            raise BuildError(f"{by} imports {rel}, which is not in the site")
        seen[rel] = None
        for m in STATIC.finditer(path.read_text(encoding="utf-8")):
            spec = m.group(1) or m.group(2)
            if spec.startswith("."):  # the site's own modules only (no bare specifiers in it)
                target = (path.parent / spec).resolve().relative_to(site.resolve()).as_posix()
                visit(target, rel)

    for r in roots:
        visit(r, "index.html")
    return list(seen)


def write_preloads(site: Path) -> int:
    """Add the closure's modulepreload links to site/index.html at MARK; return how many."""
    page = site / "index.html"
    html = page.read_text(encoding="utf-8")
    if MARK not in html:
        raise BuildError(f"web/index.html: the marker {MARK} is missing from its <head>")
    roots = [a or b for a, b in ROOT_TAGS.findall(html)]
    have = set(roots)
    extra = [p for p in static_closure(site, roots) if p not in have]
    links = "".join(f'<link rel="modulepreload" href="{p}">\n' for p in extra)
    page.write_text(html.replace(MARK + "\n", MARK + "\n" + links), encoding="utf-8")
    return len(extra)
