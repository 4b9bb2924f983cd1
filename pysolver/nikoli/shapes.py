"""Random solutions for the generator, in pure Python (no clingo, the same on every
driver): a region whose border is one simple loop (Bag's inside cells; Masyu's loop
is the border of a region of the faces between cell centres), Nurikabe islands, and
Heyawake rooms.
"""
from __future__ import annotations

from .model import BOX, relabel_rooms

# the 8 cells around (0, 0) in ring order: each is edge-adjacent to the next
RING = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
SIDES = (0, 2, 4, 6)  # the ring positions of the four edge neighbours


def _one_run(x, y, member) -> bool:
    """True when the ring cells around (x, y) with ``member`` true that touch (x, y)
    by an edge all lie in one run around the ring: (x, y) joins or leaves the set
    without splitting it or closing a hole (a local, sufficient test)."""
    flags = [member(x + dx, y + dy) for dx, dy in RING]
    if not any(flags[s] for s in SIDES):
        return False
    if all(flags):
        return True
    start = flags.index(False)
    runs, side_runs = 0, set()
    for k in range(1, 9):
        i = (start + k) % 8
        if flags[i] and not flags[(i - 1) % 8]:
            runs += 1
        if flags[i] and i in SIDES:
            side_runs.add(runs)
    return len(side_runs) == 1


def loop_region(w: int, h: int, rng, share: float, chunky: float = 0.0, thin: int = 1) -> set:
    """Cells of a random region of about ``share`` of a w x h grid, edge-connected, whose
    outside reaches the grid's edge everywhere (no holes, no corner-only touches): its
    border is one simple loop. ``chunky``: the chance a step adds the cells of a 2x2
    block at once (longer straight sides); ``thin``: each step takes the frontier cell
    with the fewest inside neighbours of this many drawn (branchy regions, long borders)."""
    inside = {(rng.randrange(w), rng.randrange(h))}

    def outside(x, y):
        return not (0 <= x < w and 0 <= y < h) or (x, y) not in inside

    frontier = set()

    def grow(c):
        inside.add(c)
        frontier.discard(c)
        x, y = c
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (x + dx, y + dy)
            if 0 <= n[0] < w and 0 <= n[1] < h and n not in inside:
                frontier.add(n)

    grow(next(iter(inside)))
    target, stale = max(1, int(share * w * h)), 0
    while len(inside) < target and frontier and stale < 4 * w * h:
        order = sorted(frontier)
        x, y = min((rng.choice(order) for _ in range(thin)),
                   key=lambda c: sum(not outside(c[0] + dx, c[1] + dy)
                                     for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))))
        block = [(x, y)]
        if rng.random() < chunky:
            dx, dy = rng.choice(((1, 1), (1, -1), (-1, 1), (-1, -1)))
            block += [(x + dx, y), (x, y + dy), (x + dx, y + dy)]
        added = False
        for c in block:
            if c in frontier and _one_run(*c, outside):
                grow(c)
                added = True
        stale = 0 if added else stale + 1
    return inside


def masyu_loop(w: int, h: int, rng, share=0.45, chunky=0.5, thin=3) -> list:
    """Masyu row strings (``.`` and box characters) of a random loop: the border of a
    region of the (w-1) x (h-1) faces between cell centres."""
    faces = loop_region(w - 1, h - 1, rng, share, chunky, thin)
    dirs = [[set() for _ in range(w)] for _ in range(h)]
    for y in range(h):
        for x in range(w - 1):  # edge (x, y)-(x+1, y) lies between faces (x, y-1), (x, y)
            if ((x, y - 1) in faces) != ((x, y) in faces):
                dirs[y][x].add("e")
                dirs[y][x + 1].add("w")
    for y in range(h - 1):
        for x in range(w):
            if ((x - 1, y) in faces) != ((x, y) in faces):
                dirs[y][x].add("s")
                dirs[y + 1][x].add("n")
    return ["".join(BOX.get(frozenset(d), ".") for d in row) for row in dirs]


def bag_region(w: int, h: int, rng, share: float = 0.55) -> list:
    """Bag row strings (``.`` inside, ``#`` outside) of a random region."""
    inside = loop_region(w, h, rng, share, 0.3)
    return ["".join("." if (x, y) in inside else "#" for x in range(w)) for y in range(h)]


def _nb(x, y, w, h):
    return [(u, v) for u, v in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= u < w and 0 <= v < h]


def nurikabe_islands(w: int, h: int, rng, max_island: int = 9):
    """Row strings (``#`` black, ``.`` white) of a random Nurikabe solution: cells of
    2x2 black squares turn white, in random order, while the black cells stay
    connected and the island the cell joins (merging its white neighbours) has at
    most ``max_island`` cells; a pass that breaks no square lets islands grow by
    one more (up to ``max_island`` + 3). None when carving gets stuck."""
    black = {(x, y) for x in range(w) for y in range(h)}
    owner = {}  # white cell -> its island (a set shared by the island's cells)

    def pool(x, y):
        return {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} <= black

    def black_at(x, y):
        return (x, y) in black

    cap = max_island
    while True:
        pools = [(x, y) for x in range(w - 1) for y in range(h - 1) if pool(x, y)]
        if not pools:
            break
        rng.shuffle(pools)
        carved = False
        for x, y in pools:
            if not pool(x, y):
                continue
            for c in rng.sample([(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)], 4):
                joined = {id(owner[n]): owner[n] for n in _nb(*c, w, h) if n in owner}
                size = 1 + sum(map(len, joined.values()))
                if size > cap or not _black_stays_joined(c, black, black_at, w, h):
                    continue
                black.discard(c)
                isl = {c}.union(*joined.values())
                for d in isl:
                    owner[d] = isl
                carved = True
                break
        if not carved:
            if cap >= max_island + 3:
                return None
            cap += 1
    return ["".join("#" if (x, y) in black else "." for x in range(w)) for y in range(h)]


def _black_stays_joined(c, black, black_at, w, h) -> bool:
    if _one_run(*c, black_at):
        return True
    rest = black - {c}
    if not rest:
        return False
    start = next(iter(rest))
    seen, stack = {start}, [start]
    while stack:
        for n in _nb(*stack.pop(), w, h):
            if n in rest and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(rest)


def heyawake_rooms(w: int, h: int, rng, largest: int = 6) -> list:
    """A room index per cell: a random partition into rectangles of at most ``largest``
    cells (smaller rooms, more counts to read), numbered in reading order."""
    rooms, stack, n = [0] * (w * h), [(0, 0, w, h)], 0
    while stack:
        x0, y0, rw, rh = stack.pop()
        if (rw * rh <= largest and rng.random() < 0.6) or rw * rh <= 2:
            for y in range(y0, y0 + rh):
                for x in range(x0, x0 + rw):
                    rooms[y * w + x] = n
            n += 1
        elif rw >= rh:
            k = rng.randint(1, rw - 1)
            stack += [(x0, y0, k, rh), (x0 + k, y0, rw - k, rh)]
        else:
            k = rng.randint(1, rh - 1)
            stack += [(x0, y0, rw, k), (x0, y0 + k, rw, rh - k)]
    return relabel_rooms(rooms, w)
