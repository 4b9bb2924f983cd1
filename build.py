#!/usr/bin/env python3
"""Build the static site into site/, and optionally serve it.

    python build.py                 build site/ and exit
    python build.py serve [--port N] [--isolate]
                                    build, then serve site/ on 127.0.0.1

Steps: `npm ci` when node_modules is missing or package-lock.json changed; copy the
Pyodide core and the clingo-wasm browser files; write the pysolver wheel (pure
Python, PEP 427 name) from pysolver/; copy micropip's wheel from a download cache
outside site/ (fetched from PyPI once); add bytecode for Pyodide's Python to both
wheels and to the standard-library modules the engine's start-up imports (compiled
by that Pyodide under Node, cached); trim Pyodide's lock file to its "info"; copy
web/, encodings/ and the built-in puzzles; write sw.js with the precache list and
a content hash as cache version.
Every URL in the site is relative, so it works under any sub-path.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
CACHE = Path(os.environ.get("PYSOLVER_BUILD_CACHE", ROOT / "build" / "cache"))
MICROPIP = "micropip==0.11.1"
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]
# clingo-wasm's browser build: the entry module, its imports, its worker and both wasm builds
CLINGO_SKIP = (".d.ts", ".node.js")
# optional page components written by others; app.js calls their install(app)
PLUGINS = ["js/clingo-client.js", "js/editor.js"]
NPM_STAMP = NODE / ".pysolver-lock-sha256"
ENGINE_FILES = ["py/bridge.py", "js/engine-worker.js", "js/engine-snapshot.js"]
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # reproducible wheel bytes -> stable cache version


class BuildError(Exception):
    pass


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def npm_ci() -> None:
    lock = ROOT / "package-lock.json"
    want = sha256(lock.read_bytes())
    if NPM_STAMP.is_file() and NPM_STAMP.read_text().strip() == want:
        return
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is not installed (needed once to fetch pyodide and clingo-wasm)")
    log("npm ci (node_modules missing or package-lock.json changed)")
    r = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT)
    if r.returncode:
        raise BuildError("npm ci failed")
    NPM_STAMP.write_text(want + "\n")


def micropip_wheel() -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    name, version = MICROPIP.split("==")
    found = sorted(CACHE.glob(f"{name}-{version}-*.whl"))
    if not found:
        log(f"downloading {MICROPIP} from PyPI into {CACHE}")
        r = subprocess.run([sys.executable, "-m", "pip", "download", MICROPIP, "--no-deps",
                            "--only-binary=:all:", "--python-version", "3.14",
                            "--disable-pip-version-check", "-q", "-d", str(CACHE)])
        found = sorted(CACHE.glob(f"{name}-{version}-*.whl"))
        if r.returncode or not found:
            raise BuildError(f"could not download {MICROPIP} (needed once; then it is cached)")
    return found[0]


# Run by Node with the site's own Pyodide: byte-compile Python sources for its
# CPython (3.14) so the browser does not compile micropip and pysolver on every cold
# start. stdin {indexURL, files: {name: source}} -> stdout {tag, pycs: {name: b64}}.
PYCOMPILE_JS = r"""
import { readFileSync } from "node:fs";
const req = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(req.moduleURL);
const py = await loadPyodide({ indexURL: req.indexURL, stdout: () => {} });
py.globals.set("files", py.toPy(req.files));
process.stdout.write(py.runPython(`
import base64, json, os, py_compile, sys
pycs = {}
for name, source in files.items():
    src = "/src/" + name
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "w", encoding="utf-8") as f:
        f.write(source)
    # unchecked: the browser never compares it with the source's time stamp
    py_compile.compile(src, cfile="/out.pyc", dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open("/out.pyc", "rb") as f:
        pycs[name] = base64.b64encode(f.read()).decode()
json.dumps({"tag": sys.implementation.cache_tag, "pycs": pycs})
`));
"""


def run_pyodide(js: str, req: dict, failing: str) -> dict | None:
    """Run `js` under Node with the site's Pyodide: `req` plus its moduleURL and
    indexURL as JSON on stdin, JSON back on stdout. None (with the warning
    "`failing` (why); the cold start compiles it") when Node is missing or fails."""
    pyodide = NODE / "pyodide"
    req = {"moduleURL": (pyodide / "pyodide.mjs").as_uri(), "indexURL": f"{pyodide}/", **req}
    node = shutil.which("node")
    r = subprocess.run([node, "--input-type=module", "-e", js], input=json.dumps(req),
                       capture_output=True, text=True) if node else None
    if r is None or r.returncode:
        lines = [] if r is None else r.stderr.strip().splitlines()
        # Node ends its report with its version: name the error line instead
        why = "node not found" if r is None else next((x.strip() for x in reversed(lines) if "Error" in x),
                                                       lines[-1] if lines else f"exit {r.returncode}")
        log(f"warning: {failing} ({why}); the cold start compiles it")
        return None
    return json.loads(r.stdout)


def precompile(files: dict[str, bytes]) -> dict[str, bytes]:
    """`__pycache__` entries for the .py files among files (archive name -> bytes),
    compiled by Pyodide's Python under Node; cached by content. Empty (with a
    warning) when that fails: the site then works, only its cold start is slower."""
    sources = {n: d.decode("utf-8") for n, d in files.items() if n.endswith(".py")}
    pyodide = NODE / "pyodide"
    h = hashlib.sha256((pyodide / "package.json").read_bytes())
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
    cached = CACHE / f"pyc-{h.hexdigest()[:24]}.json"
    if cached.is_file():
        out = json.loads(cached.read_text())
    else:
        out = run_pyodide(PYCOMPILE_JS, {"files": sources}, "no precompiled bytecode")
        if out is None:
            return {}
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(out))
    pycs = {}
    for name, b64 in out["pycs"].items():
        folder, _, base = name.rpartition("/")
        pycs[f"{folder}/__pycache__/{base[:-3]}.{out['tag']}.pyc"] = base64.b64decode(b64)
    return pycs


# Run by Node with the site's own Pyodide: the engine's start-up (Pyodide itself,
# micropip installing the pysolver wheel, the bridge and every engine module)
# imports ~200 modules of python_stdlib.zip, which npm's Pyodide ships as source
# only, so a cold start compiled them all (~2 s of the ~3 s Pyodide start). This
# runs that start-up once, and rewrites the zip with those modules as bytecode
# (unchecked-hash .pyc only, the name zipimport looks for first); the modules it
# did not import stay source. stdin {moduleURL, indexURL, micropip, wheel, wheelName,
# bridge, imports} -> stdout {compiled: n, zip: b64}.
STDLIB_JS = r"""
import { readFileSync } from "node:fs";
const req = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(req.moduleURL);
const py = await loadPyodide({ indexURL: req.indexURL, stdout: () => {}, stderr: () => {} });
await py.loadPackage(req.micropip, { messageCallback: () => {} });
py.FS.writeFile("/tmp/" + req.wheelName, Buffer.from(req.wheel, "base64"));
await py.pyimport("micropip").install("emfs:/tmp/" + req.wheelName);
py.FS.writeFile("/home/pyodide/pysolver_bridge.py", req.bridge);
py.globals.set("imports", py.toPy(req.imports));
process.stdout.write(py.runPython(`
import base64, importlib, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash
import pysolver_bridge
for name in imports:
    try:
        importlib.import_module(name)
    except Exception:
        pass  # e.g. clingo: no Pyodide build; the engine copes without it
zpath = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
used = {m.__spec__.origin[len(zpath) + 1:] for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(zpath + "/")}
src = zipfile.ZipFile(zpath)
buf = io.BytesIO()
compiled = 0
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
    for info in src.infolist():
        data = src.read(info)
        if info.filename in used and info.filename.endswith(".py"):
            # the file name zipimport would give the code compiled from source
            code = compile(data, f"{zpath}/{info.filename}", "exec", dont_inherit=True)
            pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            pyc.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(pyc, _code_to_hash_pyc(code, source_hash(data), checked=False))
            compiled += 1
        else:
            out.writestr(info, data)
json.dumps({"compiled": compiled, "zip": base64.b64encode(buf.getvalue()).decode()})
`));
"""


def stdlib_imports() -> list[str]:
    """Top-level modules the engine modules and the bridge import (anywhere in them,
    also inside functions), besides pysolver itself; the CLI's are left out."""
    import ast
    names, modules = set(), []
    for path in sorted((ROOT / "pysolver").rglob("*.py")) + [WEB / "py" / "bridge.py"]:
        if path.name in ("cli.py", "__main__.py"):
            continue
        if path.parent.name != "py":
            rel = path.relative_to(ROOT).with_suffix("").parts
            modules.append(".".join(rel[:-1] if rel[-1] == "__init__" else rel))
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in ("pysolver", "__future__")) + modules


def compile_stdlib(dest: Path, micropip: Path, wheel: Path) -> bool:
    """Replace dest (python_stdlib.zip) with a copy whose modules used by the engine's
    start-up are bytecode (STDLIB_JS). Cached by Pyodide's version, the micropip wheel
    and the engine's imports, not by the engine's code: a module the engine starts
    to import later just compiles from source in the browser. False (with a
    warning) when that fails: the site then works, only its cold start is slower."""
    pyodide = NODE / "pyodide"
    imports = stdlib_imports()
    h = hashlib.sha256((pyodide / "package.json").read_bytes() + sha256(micropip.read_bytes()).encode()
                       + STDLIB_JS.encode() + "\n".join(imports).encode())
    cached = CACHE / f"stdlib-{h.hexdigest()[:24]}.zip"
    if not cached.is_file():
        req = {"micropip": str(micropip), "wheelName": wheel.name,
               "wheel": base64.b64encode(wheel.read_bytes()).decode(),
               "bridge": (WEB / "py" / "bridge.py").read_text(), "imports": imports}
        out = run_pyodide(STDLIB_JS, req, "python_stdlib.zip left as source")
        if out is None:
            return False
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(base64.b64decode(out["zip"]))
        log(f"python_stdlib.zip: {out['compiled']} modules compiled to bytecode (cached in {cached.name})")
    shutil.copyfile(cached, dest)
    return True


def add_pycs(wheel: Path, dest: Path) -> Path:
    """A copy of a wheel with its modules' bytecode added (pyodide.loadPackage only
    unpacks it; RECORD is left as published)."""
    with zipfile.ZipFile(wheel) as z:
        entries = [(info, z.read(info)) for info in z.infolist()]
    pycs = precompile({info.filename: data for info, data in entries})
    out = dest / wheel.name
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            z.writestr(info, data)
        for arc, data in pycs.items():
            info = zipfile.ZipInfo(arc, FIXED_TIME)
            info.external_attr = 0o644 << 16
            z.writestr(info, data, zipfile.ZIP_DEFLATED)
    return out


def trim_lock_file(path: Path) -> None:
    """Pyodide's lock file lists ~300 packages of its CDN distribution, none of which
    the site ships (both wheels are loaded by URL): keep only its "info" (checked at
    start-up), so the worker neither fetches and indexes 120 kB nor has micropip
    convert every entry to Python when it is imported."""
    lock = json.loads(path.read_text())
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n")


def build_wheel(dest: Path) -> Path:
    """A pure-Python wheel of pysolver/ (no setuptools run, so it works offline)."""
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
    files.update(precompile(files))
    record = []
    for arc, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{arc},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    out = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in files.items():
            info = zipfile.ZipInfo(arc, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out


def copy_tree(src: Path, dest: Path, skip=()) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or any(part.startswith(".") for part in rel.parts):
            continue
        if any(str(rel).endswith(s) for s in skip) or "__pycache__" in rel.parts:
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def convert_catalogue(puzzles: Path) -> int:
    """Check every built-in puzzle parses, and add a pysolver JSON copy of each, so
    the page can show built-in puzzles at once (and by hand without the engine)."""
    sys.path.insert(0, str(ROOT))
    from pysolver.formats import jsonfmt, parse
    from pysolver.puzzle import PuzzleError

    path = puzzles / "catalogue.json"
    cat = json.loads(path.read_text())
    (puzzles / "json").mkdir(exist_ok=True)
    for entry in cat["puzzles"]:
        src = puzzles / entry["file"]
        if not src.is_file():
            raise BuildError(f"web/puzzles/catalogue.json: {entry['id']} names a missing file "
                             f"{entry['file']}")
        try:
            found = parse(src.read_text(encoding="utf-8"), f"web/puzzles/{entry['file']}")
        except PuzzleError as e:
            raise BuildError(str(e)) from None
        if len(found) != 1:
            raise BuildError(f"web/puzzles/{entry['file']}: holds {len(found)} puzzles, not one")
        entry["json"] = f"json/{entry['id']}.json"
        (puzzles / entry["json"]).write_text(
            json.dumps(jsonfmt.to_dict(found[0]), ensure_ascii=False, separators=(",", ":")) + "\n")
    path.write_text(json.dumps(cat, ensure_ascii=False, indent=1) + "\n")
    return len(cat["puzzles"])


def write_limits(site: Path) -> None:
    """site/limits.json: pysolver.limits' caps, which share.js checks before it unpacks a link."""
    sys.path.insert(0, str(ROOT))
    from pysolver import limits
    (site / "limits.json").write_text(json.dumps(limits.as_dict(), indent=1) + "\n")


def engine_hash(site: Path, wheels: list[Path]) -> str:
    """What a saved engine memory snapshot depends on (web/js/engine-snapshot.js):
    a snapshot made with other files is never restored."""
    parts = [site / "pyodide" / n for n in PYODIDE_FILES] + wheels + [
        site / p for p in ENGINE_FILES]
    h = hashlib.sha256()
    for path in parts:
        h.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def write_service_worker(site: Path) -> str:
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0" + hashlib.sha256((site / rel).read_bytes()).digest())
    version = h.hexdigest()[:16]
    precache = ["./"] + files
    template = (WEB / "sw.js").read_text()
    marker = "const BUILD = null; // replaced by build.py"
    if marker not in template:
        raise BuildError("web/sw.js lacks the BUILD marker line")
    build = {"version": version, "precache": precache}
    (site / "sw.js").write_text(template.replace(
        marker, f"const BUILD = {json.dumps(build, separators=(',', ':'))};"))
    (site / "version.json").write_text(json.dumps({"version": version, "files": len(files)}) + "\n")
    return version


def build() -> str:
    npm_ci()
    mp = micropip_wheel()
    tmp = ROOT / "build" / "site.tmp"  # build/ is git-ignored; renamed into place at the end
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    copy_tree(WEB, tmp, skip=("sw.js", "README.md"))
    for name in PYODIDE_FILES:
        src = NODE / "pyodide" / name
        if not src.is_file():
            raise BuildError(f"{src} is missing: run `npm ci`")
        (tmp / "pyodide").mkdir(exist_ok=True)
        shutil.copyfile(src, tmp / "pyodide" / name)
    trim_lock_file(tmp / "pyodide" / "pyodide-lock.json")
    clingo = NODE / "clingo-wasm" / "dist"
    if not (clingo / "clingo.wasm").is_file():
        raise BuildError(f"{clingo}/clingo.wasm is missing: run `npm ci`")
    copy_tree(clingo, tmp / "clingo", skip=CLINGO_SKIP + ("run.worker.node.js",))
    wheels = tmp / "wheels"
    wheels.mkdir()
    wheel = build_wheel(wheels)
    mp_wheel = add_pycs(mp, wheels)
    compile_stdlib(tmp / "pyodide" / "python_stdlib.zip", mp_wheel, wheel)
    if (ROOT / "encodings").is_dir():
        copy_tree(ROOT / "encodings", tmp / "encodings")
    count = convert_catalogue(tmp / "puzzles")
    write_limits(tmp)
    (tmp / "build.json").write_text(json.dumps({
        "wheel": f"wheels/{wheel.name}", "micropip": f"wheels/{mp.name}",
        "engine": engine_hash(tmp, [wheel, mp_wheel]),
        "plugins": [p for p in PLUGINS if (tmp / p).is_file()],
    }, indent=1) + "\n")
    version = write_service_worker(tmp)
    if SITE.exists():
        shutil.rmtree(SITE)
    tmp.rename(SITE)
    log(f"site/ built: {count} built-in puzzles, wheel {wheel.name}, cache version {version}")
    return version


class Handler(http.server.SimpleHTTPRequestHandler):
    isolate = False

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        if self.isolate:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


def serve(port: int, isolate: bool) -> None:
    Handler.isolate = isolate
    handler = partial(Handler, directory=str(SITE))
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError as e:
        raise BuildError(f"cannot serve on 127.0.0.1:{port} ({e.strerror}); try --port N "
                         "(0 picks a free port)") from None
    with httpd:
        print(f"Serving the site at http://127.0.0.1:{httpd.server_address[1]}/ "
              f"(Ctrl-C to stop)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Build (and serve) the nonogram site.")
    ap.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--isolate", action="store_true",
                    help="send COOP/COEP headers (the service worker adds them anyway)")
    args = ap.parse_args(argv)
    try:
        build()
        if args.command == "serve":
            serve(args.port, args.isolate)
    except BuildError as e:
        print(f"build: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
