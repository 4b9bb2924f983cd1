"""The expert climb's look before a hint walk (walk.deep_at_stall, climb._expert): at
a unique stall it plays the walk's deeper what-if, and the full walk is played only
where that finds a cell. The look agrees with the full walk on the stalls a climb
meets: where it cuts, the walk ends unfinished at that stall; where it lets one
through, the walk's first deeper what-if is made from that stall and gives a cell."""
from pysolver.nonogram import climb, generate as gen, walk


def looks(monkeypatch, size, seed):
    """The climb's looks while it makes ``size`` expert ``seed`` (looking on any board): [(puzzle, the stall's
    state text, the look's verdict)], each look checked not to change the stall."""
    seen = []
    real = walk.deep_at_stall
    monkeypatch.setattr(climb, "LOOK_CELLS", 0)  # a board below it: cheaper to make

    def spy(q, eng, rows, cols, goal):
        before = list(rows), list(cols)
        got = real(q, eng, rows, cols, goal)
        assert (list(rows), list(cols)) == before
        seen.append((q, eng.state(rows), got))
        return got
    monkeypatch.setattr(climb, "deep_at_stall", spy)
    gen.generate(size, size, 1, "expert", seed)
    return seen


def test_the_look_cuts_only_walks_that_end_at_the_stall(monkeypatch):
    played = []
    monkeypatch.setattr(climb, "walk", lambda q: played.append(q) or walk.walk(q))
    seen = looks(monkeypatch, 15, 3)
    assert {got for _, _, got in seen} == {True, False}  # both verdicts met
    # the full walk is played only where the look let the stall through
    assert played == [q for q, _, got in seen if got]
    for q, stall, got in seen:
        full = walk.walk(q, keep_states=True)
        deep = [state for kind, state in full["before"] if kind == "deep"]
        if got:
            assert deep and deep[0] == stall
        else:
            assert not full["finished"] and not deep and full["state"] == stall
