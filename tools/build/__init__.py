"""The site build; `python3 build.py [serve]` runs cli.main. One module per job:

    npm.py             npm ci of the pinned pyodide and clingo-wasm, when needed
    wheels.py          the pysolver wheel, micropip's wheel (from PyPI once)
    bytecode.py        .pyc for Pyodide's CPython, made by Pyodide under Node
                       (run-in-pyodide.mjs running the scripts in in_pyodide/)
    assemble.py        copy web/, runtimes, wheels, puzzles into site/
    preload.py         index.html's modulepreload links (the start's module graph)
    service_worker.py  sw.js with the precache list and cache version
    serve.py           the dev server
"""
