"""The package's import graph: no cycles, no imports hidden inside functions.

Every import statement counts, also one inside a function (hiding a cycle there
only defers it to run time). Imports inside functions are kept for optional or
heavy modules only (LAZY); each says why in a comment where it is made.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pysolver"
# module -> the modules it may import inside a function, and why
LAZY = {
    "clingo": "optional (pip install 'pysolver[asp]'); never in the browser",
    "dask.distributed": "optional (pip install 'pysolver[dask]'), `batch --dask` only",
    "multiprocessing": "the batch's process pools: costly to import, only for --jobs N",
    "concurrent.futures": "the batch's process pools: only for --jobs N",
    "concurrent.futures.process": "the batch's process pools: only for --jobs N",
    "pysolver.app.cli": "the entry point (__main__) loads it inside a Ctrl-C guard",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known) -> list:
    """(imported module, line, inside a function) for every import in the file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []

    def visit(node, nested):
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend((a.name, child.lineno, nested) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    parts = parts[:len(parts) - child.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for a in child.names:
                    sub = f"{base}.{a.name}"
                    out.append((sub if sub in known else base, child.lineno, nested))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return out


def with_packages(name: str, targets, known) -> set:
    """The targets and the packages Python imports first to reach them (those
    outside the importer's own package chain: its parents are already loading)."""
    own = {".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 1)}
    out = set()
    for t in targets:
        parts = t.split(".")
        out.update(p for p in (".".join(parts[:k]) for k in range(1, len(parts) + 1))
                   if p in known and p not in own and p != name)
    return out


def graph():
    mods = modules()
    return {m: imports(m, p, mods) for m, p in mods.items()}, mods


def test_the_package_has_no_import_cycle():
    edges, mods = graph()
    inside = {m: sorted(with_packages(m, [t for t, _, _ in e], mods)) for m, e in edges.items()}
    state, stack, cycles = {}, [], []

    def dfs(m):
        state[m] = 1
        stack.append(m)
        for t in inside[m]:
            if state.get(t) == 1:
                cycles.append(stack[stack.index(t):] + [t])
            elif t not in state:
                dfs(t)
        stack.pop()
        state[m] = 2

    for m in sorted(inside):
        if m not in state:
            dfs(m)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(c) for c in cycles)


def test_imports_inside_functions_are_only_for_optional_modules():
    edges, mods = graph()
    hidden = [f"{mods[m].relative_to(ROOT)}:{line} imports {t}"
              for m, e in edges.items() for t, line, nested in e
              if nested and t not in LAZY]
    assert not hidden, "imports inside functions:\n" + "\n".join(hidden)
