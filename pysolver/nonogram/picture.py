"""Random pictures worth revealing, for the nonogram generator (pysolver.nonogram.generate).

A picture is a grid of colour indices (0 the background). Salt-and-pepper noise
is dull to uncover and hard for no good reason, so every picture is built from
shapes a person sees: one of three styles, chosen by the random generator,

* ``blobs``: value noise (random heights on a coarse lattice, bilinear in
  between), thresholded at the density wanted: soft hills and lakes;
* ``cave``: a cellular automaton (each cell takes the majority of its 3x3
  neighbourhood, a few rounds) from a random fill: caves and islands;
* ``shapes``: rectangles, ellipses, diamonds and rings, some cut out of others,

each optionally symmetric (mirrored left-right, top-bottom, both, or turned
half a turn), then cleaned of specks (lone cells and tiny islands or holes).
A multicolour picture colours its filled cells by a second, coarser field cut
into bands of equal share, so colours form regions too.

Only ``random.Random`` and integer arithmetic: the same arguments give the same
picture in CPython and in Pyodide. Pure Python, no I/O.
"""
from __future__ import annotations

STYLES = ("blobs", "cave", "shapes")
SYMMETRIES = ("none", "mirror-x", "mirror-y", "both", "turn")
SCALE = 1024  # field heights are integers in 0..SCALE (per layer)


def _mirror(y, x, w, h, symmetry):
    """The cells that ``symmetry`` maps (y, x) to, itself included."""
    out = {(y, x)}
    if symmetry in ("mirror-x", "both"):
        out |= {(yy, w - 1 - xx) for yy, xx in out}
    if symmetry in ("mirror-y", "both"):
        out |= {(h - 1 - yy, xx) for yy, xx in out}
    if symmetry == "turn":
        out.add((h - 1 - y, w - 1 - x))
    return sorted(out)


def symmetrize(field, symmetry):
    """The field summed over its symmetric images (so thresholds keep the symmetry)."""
    h, w = len(field), len(field[0])
    return [[sum(field[yy][xx] for yy, xx in _mirror(y, x, w, h, symmetry)) for x in range(w)]
            for y in range(h)]


def value_noise(rng, w, h, cell):
    """Integer value noise: random heights every ``cell`` cells, bilinear between."""
    gw, gh = (w + cell - 2) // cell + 2, (h + cell - 2) // cell + 2
    grid = [[rng.randrange(SCALE) for _ in range(gw)] for _ in range(gh)]
    ox, oy = rng.randrange(cell), rng.randrange(cell)
    out = []
    for y in range(h):
        gy, fy = divmod(y + oy, cell)
        row = []
        for x in range(w):
            gx, fx = divmod(x + ox, cell)
            top = grid[gy][gx] * (cell - fx) + grid[gy][gx + 1] * fx
            bottom = grid[gy + 1][gx] * (cell - fx) + grid[gy + 1][gx + 1] * fx
            row.append((top * (cell - fy) + bottom * fy) // (cell * cell))
        out.append(row)
    return out


def threshold(field, density):
    """Cells filled (1) where the field is highest, ``density`` of them; ties by position."""
    h, w = len(field), len(field[0])
    order = sorted(((field[y][x], y, x) for y in range(h) for x in range(w)), reverse=True)
    grid = [[0] * w for _ in range(h)]
    for _, y, x in order[:round(density * w * h)]:
        grid[y][x] = 1
    return grid


def _blobs(rng, w, h, density, symmetry, grain):
    n = max(w, h)
    cell = max(2, n // rng.choice((3, 4, 5)))
    field = value_noise(rng, w, h, cell)
    detail = value_noise(rng, w, h, max(2, cell // 2))
    field = [[2 * a + b for a, b in zip(r1, r2)] for r1, r2 in zip(field, detail)]
    return threshold(symmetrize(_grainy(rng, field, grain), symmetry), density)


def _grainy(rng, field, grain):
    """The field with white noise mixed in: ``grain`` 0 none, 1 as strong as the field."""
    if not grain:
        return field
    top = max(map(max, field)) or 1
    return [[v + int(rng.randrange(SCALE) * grain * top) // SCALE for v in r] for r in field]


def _cave(rng, w, h, density, symmetry, grain):
    grid = threshold(symmetrize([[rng.randrange(SCALE) for _ in range(w)] for _ in range(h)],
                                symmetry), density)
    for _ in range(3):  # the majority rule keeps a symmetric grid symmetric
        grid = [[1 if _count(grid, y, x, w, h) >= 5 else 0 for x in range(w)] for y in range(h)]
    # the 3x3 counts as a smooth field, thresholded again to the density wanted
    field = [[_count(grid, y, x, w, h) * SCALE for x in range(w)] for y in range(h)]
    noise = [[rng.randrange(SCALE // 2) for _ in range(w)] for _ in range(h)]
    field = [[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(field, noise)]
    return threshold(symmetrize(_grainy(rng, field, grain), symmetry), density)


def _count(grid, y, x, w, h):
    return sum(grid[yy][xx] for yy in range(max(0, y - 1), min(h, y + 2))
               for xx in range(max(0, x - 1), min(w, x + 2)))


def _shapes(rng, w, h, density, symmetry, grain):
    grid = [[0] * w for _ in range(h)]
    target = round(density * w * h)
    for _ in range(60):
        filled = sum(map(sum, grid))
        if filled >= target:
            break
        kind = rng.choice(("rect", "ellipse", "diamond", "ring"))
        # grainier pictures are made of smaller shapes
        big = 3 + round(3 * grain)
        rw, rh = rng.randint(1, max(1, w // big)), rng.randint(1, max(1, h // big))
        cx, cy = rng.randrange(w), rng.randrange(h)
        cut = filled > target // 2 and rng.random() < 0.25  # a hole in what is there
        for y in range(max(0, cy - rh), min(h, cy + rh + 1)):
            for x in range(max(0, cx - rw), min(w, cx + rw + 1)):
                if _inside(kind, (x - cx) / rw, (y - cy) / rh):
                    for yy, xx in _mirror(y, x, w, h, symmetry):
                        grid[yy][xx] = 0 if cut else 1
    return grid


def _inside(kind, dx, dy):
    if kind == "rect":
        return True
    if kind == "diamond":
        return abs(dx) + abs(dy) <= 1
    r = dx * dx + dy * dy
    return r <= 1 and (kind == "ellipse" or r >= 0.3)


def clean(grid, least):
    """The grid without lone cells, filled islands or holes smaller than ``least`` cells.
    (Holes and islands are found in row-major order, so the result is deterministic.)"""
    h, w = len(grid), len(grid[0])
    grid = [r[:] for r in grid]
    for value in (1, 0):
        seen = [[False] * w for _ in range(h)]
        for y in range(h):
            for x in range(w):
                if seen[y][x] or (grid[y][x] != 0) != (value == 1):
                    continue
                part, todo = [], [(y, x)]
                seen[y][x] = True
                while todo:
                    cy, cx = todo.pop()
                    part.append((cy, cx))
                    for yy, xx in ((cy - 1, cx), (cy + 1, cx), (cy, cx - 1), (cy, cx + 1)):
                        if (0 <= yy < h and 0 <= xx < w and not seen[yy][xx]
                                and (grid[yy][xx] != 0) == (value == 1)):
                            seen[yy][xx] = True
                            todo.append((yy, xx))
                touches_edge = any(cy in (0, h - 1) or cx in (0, w - 1) for cy, cx in part)
                if len(part) < least and not (value == 0 and touches_edge):
                    for cy, cx in part:
                        grid[cy][cx] = 1 - value
    return grid


def colour(rng, grid, ncolours, symmetry):
    """The filled cells split into ``ncolours`` regions by a coarse field (1..ncolours)."""
    if ncolours <= 1:
        return grid
    h, w = len(grid), len(grid[0])
    field = symmetrize(value_noise(rng, w, h, max(2, max(w, h) // 3)), symmetry)
    cells = sorted((field[y][x], y, x) for y in range(h) for x in range(w) if grid[y][x])
    out = [[0] * w for _ in range(h)]
    for k, (_, y, x) in enumerate(cells):
        out[y][x] = 1 + k * ncolours // len(cells)
    return out


def picture(rng, w, h, density, ncolours=1, style=None, symmetry=None, grain=0.0,
            symmetries=SYMMETRIES):
    """A picture (colour-index rows) of about ``density`` filled cells; see the module
    doc. ``grain`` (0..1): how much fine detail (white noise, smaller shapes) is mixed in;
    the symmetry, unless given, is drawn from ``symmetries``."""
    style = style or rng.choice(STYLES)
    symmetry = symmetry or rng.choice(symmetries)
    make = {"blobs": _blobs, "cave": _cave, "shapes": _shapes}[style]
    grid = clean(make(rng, w, h, density, symmetry, grain), 3 if min(w, h) >= 10 else 2)
    if not any(map(any, grid)):  # a blank picture makes a puzzle of zeros
        grid[h // 2][w // 2] = 1
    return colour(rng, grid, ncolours, symmetry), style, symmetry
