# Run in Pyodide by run-in-pyodide.mjs after the engine's start-up (micropip installed
# the wheel): import the bridge and `imports`, then rewrite python_stdlib.zip with the
# modules that were imported as bytecode (unchecked-hash .pyc only, the name zipimport
# looks for first); the others stay source. Result: JSON {compiled: n, zip: base64}.
import base64, importlib, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

import pysolver_bridge  # noqa: F401

for name in imports:  # noqa: F821 (set by run-in-pyodide.mjs)
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
