# Run in Pyodide by run-in-pyodide.mjs: byte-compile `files` ({name: source}) for
# Pyodide's CPython. Result: JSON {tag, pycs: {name: base64 .pyc}}. Unchecked-hash
# .pyc: the browser never compares them with a source's time stamp. Made as
# stdlib_zip.py makes its own (not with py_compile): a later job of the same run
# then finds no module in sys.modules that the engine does not import.
import base64, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.util import source_hash

pycs = {}
for name, source in files.items():  # noqa: F821 (set by run-in-pyodide.mjs)
    data = source.encode("utf-8")
    code = compile(data, name, "exec", dont_inherit=True)
    pycs[name] = base64.b64encode(_code_to_hash_pyc(code, source_hash(data), checked=False)).decode()
json.dumps({"tag": sys.implementation.cache_tag, "pycs": pycs})
