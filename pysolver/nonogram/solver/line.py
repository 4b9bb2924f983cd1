"""Complete line solver for black-and-white and multicolour lines.

A line's state is kept as one Python int per colour ("cans"): bit i of
``cans[c]`` is set when cell i may still have colour c (colour 0 is the
background). The solver is a dynamic programme over block start positions done
with whole-line bit operations, so a line costs O(k * log n) big-int
operations instead of a Python loop per cell and block:

* forward: ``F[j]`` = starts of block j reachable by a consistent placement of
  blocks 0..j-1 (a right "spread" through cells that may be background is one
  addition: carries run along runs of ones);
* backward: ``B[j]`` = starts of block j from which blocks j..k-1 can still be
  placed (a left spread, done by doubling);
* ``F[j] & B[j]`` are the starts used by some full arrangement; their cover
  gives the cells that may have the block's colour, and the gaps between
  reachable block ends and starts give the cells that may be background.

The result is exact (every cell on which all arrangements agree is fixed),
which the tests prove against brute-force enumeration.

Blocks of the same colour need a background gap; blocks of different colours
may touch (webpbn rules). An empty clue means an all-background line.

Black-and-white lines (the search's hot path) avoid left spreads by running the
backward pass over the mirrored line (see :func:`_bw_solver`).
"""
from __future__ import annotations

from ... import memo

CACHE_BUDGET = 200_000  # cached line results kept in all, before a reset (~70 MB)


def _rspread(x, m):
    """Positions q >= p (p in x) with every cell in [p, q) in m."""
    return (((x & m) + m) ^ m) | x


def _lspread(x, m, n):
    """Positions q <= s (s in x) with every cell in [q, s) in m.

    Cells outside m ("blockers") split the line into segments; within a
    segment every position up to its highest x bit is reached. Few blockers
    (the usual case during search) make this a handful of operations; many
    use a doubling scan.
    """
    k = ((1 << n) - 1) & ~m
    if not k:
        return (1 << x.bit_length()) - 1
    if k.bit_count() <= 3:
        out = 0
        lo = 1  # lowest position of the current segment, as a bit
        while True:
            t = k & -k  # the blocker closing the segment (0: the line's end)
            xs = x & ((t << 1) - 1) & -lo if t else x & -lo
            if xs:
                out |= ((1 << xs.bit_length()) - 1) & -lo
            if not t:
                return out
            k ^= t
            lo = t << 1
    g = x | (m & (x >> 1))
    p = m & (m >> 1)
    s = 2
    while p and s <= n:
        g |= p & (g >> s)
        p &= p >> s
        s <<= 1
    return g


def _runs(m, length):
    """Start positions s of `length` consecutive cells all in m."""
    r = m
    have = 1
    while have < length:
        step = have if have <= length - have else length - have
        r &= r >> step
        have += step
    return r


def _cover(v, length):
    """Cells covered by blocks of `length` starting at the positions in v."""
    have = 1
    while have < length:
        step = have if have <= length - have else length - have
        v |= v << step
        have += step
    return v


_REV = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))  # bytes.translate mirrors ints
# _bw_solver keeps one int of 2k + 1 slots, so each of its shifts costs O(k n):
# past this many blocks the colour solver, linear in k, is faster (a 1000-cell
# line: 20 ms -> 0.6 ms), and one line solve never holds up a time check long
BW_MAX_BLOCKS = 64


_BLOCKS = {}  # length -> (length, length - 1, its doubling shifts), shared by every clue


def _block(length):
    """A block length with the shifts by which :func:`_runs` and :func:`_cover`
    double up to it, and the shift from a block's last cell back to its first."""
    b = _BLOCKS.get(length)
    if b is None:
        out = []
        have = 1
        while have < length:
            step = have if have <= length - have else length - have
            out.append(step)
            have += step
        b = _BLOCKS[length] = (length, length - 1, tuple(out))
    return b


def _bw_solver(clue, n):
    """:func:`solve_cans` for black-and-white lines with this non-empty clue and
    length: a function of ``(empty, filled)`` (its per-clue figures worked out once).

    Cell i is bit i + 1, with virtual background cells at bits 0 and n + 1, so
    every block has a background cell just before and after it. The backward
    pass runs left to right over the mirrored line (cell i at bit n - i), where
    spreads are additions; its per-block sets fill S-bit slots of one int that
    one byte reversal mirrors back for the forward pass, which then places each
    block only where both passes allow it.
    """
    nb = (n + 13) >> 3  # slot bytes: n + 2 cells, a carry bit, room to shift by 2
    S = nb << 3
    S2, S1, slot, low = 2 * S, S + 1, (1 << S) - 1, (1 << (S - 1)) - 1
    d = S - 2 - n  # reversing a slot sends bit i to S - 1 - i; d makes it n + 1 - i
    ends, last, inside = 1 | 2 << n, n + 1, (4 << n) - 1
    nbh, nbq = 2 * nb, (2 * len(clue) + 1) * nb
    lengths = sorted({length for length, _ in clue})
    top = lengths[-1] + 1
    fits_of = tuple(_block(length) for length in lengths)  # each distinct length once
    blocks = tuple(_block(length) for length, _ in clue)
    backward = tuple(length for length, _ in reversed(clue))

    # the figures as defaults: local names, and no closure cell each (memory per clue)
    def solve(cans, S=S, S1=S1, S2=S2, slot=slot, low=low, d=d, ends=ends, last=last,
              inside=inside, nbh=nbh, nbq=nbq, top=top, fits_of=fits_of, blocks=blocks,
              backward=backward, rev=_REV, from_bytes=int.from_bytes):
        bg, fl = cans
        bgx = bg << 1 | ends
        h = from_bytes((bgx | fl << S1).to_bytes(nbh, "little").translate(rev), "big") >> d
        flm = h & slot
        bgm = h >> S
        pre = bgm << 1  # starts with background before
        fits = [0] * top  # by length: starts of a block with background before and after
        for length, _, steps in fits_of:
            r = flm
            for k in steps:
                r &= r >> k
            fits[length] = r & pre & (bgm >> length)
        t = ((1 + bgm) ^ bgm) | 1  # cells that may be the gap cell before the next block
        acc, sh = 0, d
        for length in backward:
            f = (t << 1) & fits[length]
            if not f:
                return None
            acc |= (f << S | t) << sh
            sh += S2
            p = f << length  # the gap cell after the block
            t = ((p + bgm) ^ bgm) | p
        if not (t >> last) & 1:
            return None
        acc |= (t & inside) << sh  # without the carry bit, which would not fit
        # per block: q's low slot = mirrored t (may-be-gap cells left of the block),
        # next slot = mirrored f (its last cells); higher slots are masked off
        q = from_bytes(acc.to_bytes(nbq, "little").translate(rev), "big")
        t = ((1 + bgx) ^ bgx) | 1
        fill = gap = 0
        for length, back, steps in blocks:
            gap |= t & q
            q >>= S
            v = (t << length) & q & low  # long shifts reach the next slot
            p = v << 1
            v >>= back
            for k in steps:
                v |= v << k
            fill |= v
            t = ((p + bgx) ^ bgx) | p
            q >>= S
        gap |= t & q
        return (gap >> 1 & bg, fill >> 1)
    return solve


def solve_cans(clue, n, cans):
    """Narrow a line given as per-colour possibility masks; None = no arrangement.

    ``clue`` is a tuple of ``(length, colour)`` blocks, ``n`` the line length and
    ``cans`` a tuple with one int per colour (index 0 = background). Returns a
    tuple of the same shape holding, per colour, the cells where some consistent
    arrangement puts that colour. Uncached; see :func:`line_solver`.
    """
    if len(cans) == 2 and clue and len(clue) <= BW_MAX_BLOCKS:
        return _bw(clue, n)(cans)
    return _solve_colours(clue, n, cans)


def _solve_colours(clue, n, cans):
    """:func:`solve_cans` for any line (used for multicolour lines)."""
    bg = cans[0]
    full = (1 << n) - 1
    k = len(clue)
    if not k:
        if bg & full != full:
            return None
        return (full,) + (0,) * (len(cans) - 1)
    runs = {}
    rj = []
    for blk in clue:
        r = runs.get(blk)
        if r is None:
            r = runs[blk] = _runs(cans[blk[1]], blk[0])
        rj.append(r)
    # forward pass
    fs = []
    ps = [1]
    p = 1
    prevc = 0
    j = 0
    for length, c in clue:
        x = (p & bg) << 1 if c == prevc else p
        f = ((((x & bg) + bg) ^ bg) | x) & rj[j]
        if not f:
            return None
        fs.append(f)
        p = f << length
        ps.append(p)
        prevc = c
        j += 1
    g = (((p & bg) + bg) ^ bg) | p
    if not (g >> n) & 1:
        return None
    # backward pass
    out = [0] * len(cans)
    h = _lspread(1 << n, bg, n)
    bgout = g & (h >> 1)
    nextc = 0
    for j in range(k - 1, -1, -1):
        length, c = clue[j]
        t = bg & (h >> 1) if c == nextc else h
        b = rj[j] & (t >> length)
        out[c] |= _cover(fs[j] & b, length)
        h = _lspread(b, bg, n)
        pj = ps[j]
        bgout |= ((((pj & bg) + bg) ^ bg) | pj) & (h >> 1)
        nextc = c
    out[0] = bgout & bg
    return tuple(out)


def undecided(cans):
    """Bit mask of the cells of a line that may still take more than one colour."""
    seen = multi = 0
    for m in cans:
        multi |= seen & m
        seen |= m
    return multi


def positions(mask):
    """Positions of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_solvers = {}
_budget = [CACHE_BUDGET]
_bw_solvers = {}


def _bw(clue, n):
    """:func:`_bw_solver` of (clue, n), kept (at most 20,000 of them)."""
    fn = _bw_solvers.get((clue, n))
    if fn is None:
        if len(_bw_solvers) >= 20_000:
            _bw_solvers.clear()
        fn = _bw_solvers[clue, n] = _bw_solver(clue, n)
    return fn


def clear_caches():
    """Forget every cached line result."""
    for fn in _solvers.values():
        fn.cache.clear()
    _budget[0] = CACHE_BUDGET


memo.also_clear(clear_caches)


def spend():
    """Account for one new cache entry; reset all caches when over budget."""
    _budget[0] -= 1
    if _budget[0] <= 0:
        clear_caches()


def line_solver(clue, n):
    """A cached solver ``cans -> cans | None`` for one (clue, length) pair.

    Lines with the same clue and length share one cache, so a puzzle's identical
    lines and repeated states during search cost a dictionary look-up. All
    caches together hold at most ``CACHE_BUDGET`` results (memory bound).
    ``.cache`` is that dictionary and ``.bw`` the uncached solver of
    black-and-white states (:func:`solve_cans` without its dispatch).
    """
    key = (clue, n)
    fn = _solvers.get(key)
    if fn is not None:
        return fn
    cache = {}

    def solve(cans):
        try:
            return cache[cans]
        except KeyError:
            pass
        spend()
        r = cache[cans] = solve.bw(cans) if len(cans) == 2 else _solve_colours(clue, n, cans)
        return r

    def bw(cans):
        fn = solve.bw = (_bw(clue, n) if clue and len(clue) <= BW_MAX_BLOCKS
                         else lambda cans: _solve_colours(clue, n, cans))
        return fn(cans)

    solve.cache = cache
    solve.bw = bw  # uncached, for (empty, filled) pairs only: the engine's misses
    if len(_solvers) > 20_000:
        clear_caches()
        _solvers.clear()
    _solvers[key] = solve
    return solve


_TUPLE = {tuple}


def normalize_clue(clue) -> tuple:
    """A clue as a hashable tuple of ``(length, colour)`` pairs (ints mean colour 1)."""
    if set(map(type, clue)) <= _TUPLE:  # a Puzzle's clues already are (big ones: fast)
        return tuple(clue)
    out = []
    for blk in clue:
        if isinstance(blk, int):
            out.append((blk, 1))
        else:
            out.append((int(blk[0]), int(blk[1])))
    return tuple(out)


def to_cans(cells, ncol):
    """Per-colour bit masks from a sequence of cell masks."""
    cans = [0] * ncol
    for i, m in enumerate(cells):
        b = 1 << i
        c = 0
        while m:
            if m & 1:
                cans[c] |= b
            m >>= 1
            c += 1
    return tuple(cans)


def from_cans(cans, n):
    """Cell masks (a tuple) from per-colour bit masks."""
    out = [0] * n
    for c, bits in enumerate(cans):
        cb = 1 << c
        while bits:
            low = bits & -bits
            out[low.bit_length() - 1] |= cb
            bits ^= low
    return tuple(out)


def _ncolors(clue, cells):
    top = max((c for _, c in clue), default=1)
    for m in cells:
        if m.bit_length() > top:
            top = m.bit_length() - 1
    return top + 1


def solve_line(clue, cells):
    """Complete line solver on cell masks.

    ``clue``: sequence of ``(length, colour)`` blocks (or ints for colour 1);
    ``cells``: sequence of masks (bit c = colour c still possible; for
    black-and-white 1 = empty, 2 = filled, 3 = unknown). Returns the narrowed
    tuple of masks, where each cell keeps exactly the colours some consistent
    arrangement gives it, or None when no arrangement fits. Cached by
    (clue, cells).
    """
    clue = normalize_clue(clue)
    cells = tuple(cells)
    n = len(cells)
    ncol = _ncolors(clue, cells)
    r = line_solver(clue, n)(to_cans(cells, ncol))
    if r is None:
        return None
    return from_cans(r, n)
