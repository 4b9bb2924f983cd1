# Run in Pyodide by run-in-pyodide.mjs after the engine's start-up (micropip installed
# the wheel): import the bridge and `imports` (every module the engine's modules import
# anywhere), then write a new python_stdlib.zip holding only the modules that were
# imported, as bytecode (unchecked-hash .pyc, the name zipimport looks for first):
# the browser then fetches about half of what Pyodide's whole standard library costs.
# Result: JSON {compiled: n, left_out: n, zip: base64}.
import base64, importlib, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

import pysolver_bridge  # noqa: F401

# Besides: what the browser's start also runs (micropip fetching the wheel by URL),
# what an error report needs, and the text codecs a player's file may name.
ALSO = ["pyodide.http", "urllib.parse", "traceback", "linecache"] + [
    f"encodings.{c}" for c in ("utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be",
                               "utf_32", "ascii", "latin_1", "cp1252", "aliases")]
for name in imports + ALSO:  # noqa: F821 (set by run-in-pyodide.mjs)
    try:
        importlib.import_module(name)
    except Exception:
        pass  # e.g. clingo: no Pyodide build; the engine copes without it
zpath = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
used = {m.__spec__.origin[len(zpath) + 1:] for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(zpath + "/")}
src = zipfile.ZipFile(zpath)
buf = io.BytesIO()
compiled = left_out = 0
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        if info.is_dir():
            continue
        if info.filename not in used or not info.filename.endswith(".py"):
            left_out += 1
            continue
        data = src.read(info)
        # the file name zipimport would give the code compiled from source
        code = compile(data, f"{zpath}/{info.filename}", "exec", dont_inherit=True)
        pyc = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
        pyc.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(pyc, _code_to_hash_pyc(code, source_hash(data), checked=False))
        compiled += 1
json.dumps({"compiled": compiled, "left_out": left_out, "zip": base64.b64encode(buf.getvalue()).decode()})
