# Run in Pyodide by run-in-pyodide.mjs: byte-compile `files` ({name: source}) for
# Pyodide's CPython. Result: JSON {tag, pycs: {name: base64 .pyc}}.
import base64, json, os, py_compile, sys

pycs = {}
for name, source in files.items():  # noqa: F821 (set by run-in-pyodide.mjs)
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
