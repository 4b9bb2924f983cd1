"""clingo on the Nikoli families: answers pass the rule checker, and the project's
encodings agree with the seed-style baselines on small instances (unique,
several solutions, none); the command line's JSON."""
import json
import random
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver.app import cli  # noqa: E402
from pysolver.nikoli import aspsolve, generate, model, rules, shapes, url  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nikoli.model import Grid  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402

CAP = 60  # solutions compared per instance


def small_instances(family, count=8):
    rng = random.Random(f"solve/{family}")
    for _ in range(count):
        w, h = rng.randint(3, 5), rng.randint(3, 5)
        g = Grid(family, w, h)
        if family == "heyawake":
            g.rooms = shapes.heyawake_rooms(w, h, rng)
            for r, c in model.top_cells(g).items():
                if rng.random() < 0.5:
                    g.clues[c] = rng.randint(0, 2)
        for c in g.cells():
            if family != "heyawake" and rng.random() < 0.18:
                g.clues[c] = rng.randint(1, 2) if family == "masyu" else rng.randint(1, 5)
        yield g


@pytest.mark.parametrize("family", model.FAMILIES)
def test_project_and_baseline_agree_and_pass_checker(family):
    statuses = set()
    for g in small_instances(family):
        if family == "masyu" and not g.clues:
            continue  # the seed's Masyu accepts the empty grid (no loop) there
        mine = aspsolve.solve(g, CAP)
        seed = aspsolve.solve(g, CAP, baseline=True)
        if family == "bag":
            # the seed's B2 only looks for the grid's edge in four straight lines, so it
            # also accepts clues outside the loop: its answers that keep the rules are ours
            seed = aspsolve.solve(g, 0, baseline=True)
            kept = {tuple(s) for s in seed["solutions"] if not rules.violations(g, s)}
            if mine["stats"]["exhausted"]:
                assert set(map(tuple, mine["solutions"])) == kept, url.write_url(g)
        else:
            assert mine["status"] == seed["status"], url.write_url(g)
            if mine["stats"]["exhausted"]:
                assert sorted(mine["solutions"]) == sorted(seed["solutions"]), url.write_url(g)
        for sol in mine["solutions"]:
            assert rules.violations(g, sol) == [], (url.write_url(g), sol)
        statuses.add("some" if mine["solutions"] else "none")
    assert statuses == {"some", "none"}  # the sample covers both kinds


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_examples_unique(family):
    g = url.read_url(EXAMPLES[family])
    r = aspsolve.solve(g, 2)
    assert r["status"] == "unique" and rules.violations(g, r["solutions"][0]) == []


def test_difficulty_is_conflicts_against_a_typical_puzzle_of_the_size():
    for fam, (points, cuts) in aspsolve.DIFFICULTY.items():
        for cells, typical in points:  # a calibrated size's typical count scores 1
            assert aspsolve.score(fam, cells, 1, typical - 1) == pytest.approx(1)
        for n in (10, 20, 30):
            typical = 1 / aspsolve.score(fam, n, n, 0)  # score 1, between or past the points
            for cut, name, harder in zip(cuts, aspsolve.LABELS, aspsolve.LABELS[1:]):
                assert aspsolve.difficulty(fam, n, n, int(cut * typical) - 1) == name, (fam, n)
                assert aspsolve.difficulty(fam, n, n, int(cut * typical) + 1) == harder, (fam, n)
        # against its size: the same conflicts read easier on a larger grid
        order = {name: i for i, name in enumerate(aspsolve.LABELS)}
        for c in (10, 100, 1000, 10000):
            assert order[aspsolve.difficulty(fam, 20, 20, c)] <= order[aspsolve.difficulty(fam, 10, 10, c)]
    # the built-ins spread over the labels
    index = json.loads((Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
                        / "index.json").read_text())
    assert {p["difficulty"] for p in index["puzzles"]} == set(aspsolve.LABELS)


def test_difficulty_spreads_alike_at_every_size():
    """On the calibration's puzzles (bench/nikoli_difficulty.py), at every size the
    labels spread: no label holds over half, and both halves of the scale occur."""
    stored = json.loads((Path(__file__).resolve().parent.parent / "bench"
                         / "nikoli-difficulty.json").read_text())
    groups = {}
    for key, v in stored.items():
        fam, n, seed = key.split()
        if v and (not seed.startswith("s") or fam == "nurikabe"):
            groups.setdefault((fam, int(n)), []).append(
                aspsolve.difficulty(fam, int(n), int(n), v["conflicts"]))
    assert {n for _, n in groups} >= {7, 10, 15, 20}
    for (fam, n), labels in groups.items():
        counts = [labels.count(name) for name in aspsolve.LABELS]
        assert max(counts) <= len(labels) / 2, (fam, n, counts)
        assert counts[0] + counts[1] and counts[2] + counts[3], (fam, n, counts)


@pytest.mark.parametrize("family, seed", [("nurikabe", 1), ("heyawake", 1), ("bag", 1), ("masyu", 1)])
def test_generated_unique_and_minimal(family, seed):
    g, info = generate.generate(family, 7, 7, seed)
    r = aspsolve.solve(g, 2)
    assert r["status"] == "unique" and rules.violations(g, r["solutions"][0]) == []
    assert info["difficulty"] in ("easy", "medium", "hard", "expert")
    if family != "nurikabe":  # every clue left is needed
        for c in list(g.clues)[:4]:
            v = g.clues.pop(c)
            assert aspsolve.solve(g, 2)["status"] == "multiple"
            g.clues[c] = v
    again, _ = generate.generate(family, 7, 7, seed)
    assert url.write_url(again) == url.write_url(g)


def run_cli(capsys, *argv):
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_solve_json(tmp_path, capsys):
    f = tmp_path / "m.txt"
    f.write_text(EXAMPLES["masyu"] + "\n")
    code, out, _ = run_cli(capsys, "solve", str(f), "--json", "--engine", "clingo")
    r = json.loads(out)
    assert code == 0 and r["status"] == "unique" and r["family"] == "masyu"
    assert r["solutions"][0][0] == "┌──┐┌┐"


def test_cli_check_convert_and_errors(tmp_path, capsys):
    f = tmp_path / "b.txt"
    f.write_text("bag 3x3\n. . .\n. 3 .\n. . .\n")
    code, out, _ = run_cli(capsys, "check", str(f), "--json", "--count", "5")
    r = json.loads(out)
    assert code == 0 and r["unique"] is False and r["count"] == 5 and not r["count_exact"]
    code, out, _ = run_cli(capsys, "convert", str(f), "--to", "url")
    assert out.strip() == "https://puzz.link/p?cave/3/3/j3j"
    code, _, err = run_cli(capsys, "solve", str(f), "--engine", "pysolver")
    assert code == 2 and "nonograms only" in err and err.count("\n") == 1
    f.write_text("https://puzz.link/p?cave/3/3/j3!\n")
    code, _, err = run_cli(capsys, "solve", str(f))
    assert code == 2 and "unexpected character '!'" in err and str(f) in err


def test_cli_check_says_1_star_not_1_stars(tmp_path, capsys):
    f = tmp_path / "m.txt"
    f.write_text("https://puzz.link/p?mashu/6/6/120990301ai0\n")  # an easy 6x6: 1 star
    code, out, _ = run_cli(capsys, "check", str(f))
    assert code == 0 and ", 1 star (about " in out, out


def test_cli_generate(capsys):
    code, out, _ = run_cli(capsys, "generate", "bag", "--size", "5x5", "--seed", "3", "--json")
    r = json.loads(out)
    assert code == 0 and r["url"].startswith("https://puzz.link/p?cave/5/5/")
    code, out, _ = run_cli(capsys, "generate", "bag", "--size", "5x5", "--seed", "3", "--json",
                           "--no-minimize")
    full = json.loads(out)  # the benchmark instances' kind: the clue removal skipped
    assert code == 0 and full["clues"] >= r["clues"]
    assert aspsolve.solve(url.read_url(full["url"]), 2)["status"] == "unique"
    code, _, err = run_cli(capsys, "generate", "sudoku", "--size", "5x5")
    assert code == 2 and "unknown puzzle family" in err


def test_cli_hint(tmp_path, capsys):
    f, s = tmp_path / "n.txt", tmp_path / "state.txt"
    f.write_text(EXAMPLES["nurikabe"] + "\n")
    s.write_text("#????\n?????\n?????\n?????\n?????\n")
    code, out, _ = run_cli(capsys, "hint", str(f), "--state", str(s), "--json")
    r = json.loads(out)
    assert code == 0 and r["kind"] == "mistake" and r["cells"] == [
        {"row": 1, "column": 1, "value": "#"}]
    s.write_text("?????\n")
    code, _, err = run_cli(capsys, "hint", str(f), "--state", str(s))
    assert code == 2 and str(s) in err and "expected 5" in err
    # cells written apart, as in the puzzle's text format: one row a line, not a row a cell
    s.write_text("# ? ? ? ?\n? ? ? ? ?\n\n? ? ? ? ?\n? ? ? ? ?\n? ? ? ? ?\n")
    code, out, err = run_cli(capsys, "hint", str(f), "--state", str(s), "--json")
    assert code == 0 and json.loads(out)["kind"] == "mistake", err
    s.write_text("? ? ? ? ?\n? ? ? ? ?\n")
    code, _, err = run_cli(capsys, "hint", str(f), "--state", str(s))
    assert code == 2 and "the state has 2 rows, expected 5" in err


@pytest.mark.parametrize("family", model.FAMILIES)
def test_random_solutions_keep_the_shape_rules(family):
    rng = random.Random(family)
    for n in (4, 9, 16):
        g = Grid(family, n, n + 1)
        if family == "masyu":
            rows = shapes.masyu_loop(n, n + 1, rng)
        elif family == "bag":
            rows = shapes.bag_region(n, n + 1, rng)
        elif family == "nurikabe":
            rows = shapes.nurikabe_islands(n, n + 1, rng)
            if rows is None:
                continue
            white = {(x, y) for y in range(n + 1) for x in range(n) if rows[y][x] == "."}
            g.clues = {min(isl): len(isl) for isl in rules.components(white, n, n + 1)}
        else:
            g.rooms = shapes.heyawake_rooms(n, n + 1, rng)
            assert all(len(room) <= 6 for room in g.room_cells())
            continue
        assert rules.violations(g, rows) == [], rows


def test_generate_task_by_name_and_json():
    from pysolver import api
    from pysolver.asp import tasks as asprun

    reply = api.task("cave", "generate", json.loads('{"width": 6, "height": 5, "seed": 4}'))
    while "result" not in reply:  # every ask and answer as JSON, as the page has them
        answer = asprun.solve_native(asprun.Ask.from_dict(json.loads(json.dumps(reply["ask"]))))
        reply = api.step(reply["session"], json.loads(json.dumps(answer)))
    r = reply["result"]
    g = url.read_url(r["url"])
    assert (g.family, g.width, g.height) == ("bag", 6, 5) and r["clues"] == len(g.clues)
    assert aspsolve.solve(g, 2)["status"] == "unique"
    with pytest.raises(model.NikoliError, match="limit is"):
        asprun.run_native(generate.generate_task("bag", 5000, 5))
    # the generator's own range, said before any work (a 1-row Masyu crashed, a 40x40
    # Nurikabe ran for minutes)
    for family, w, h, why in (("masyu", 1, 5, "a smaller one"), ("nurikabe", 40, 40, "a larger one"),
                              ("heyawake", 30, 31, "a larger one"), ("bag", 3, 4, "a smaller one")):
        with pytest.raises(model.NikoliError, match=f"from 4x4 to 30x30, not {w}x{h}: {why}"):
            asprun.run_native(generate.generate_task(family, w, h))


@pytest.mark.parametrize("args, message", [
    ({"width": "six", "height": 5}, "the width: 'six' is not a whole number"),
    ({"width": 6, "height": [5]}, "the height must be a whole number, not list"),
    ({"width": 6, "height": float("inf")}, "the height must be a whole number, not inf"),
    ({"width": 6, "height": 5, "seed": 2.5}, "the seed must be a whole number, not 2.5"),
    ({"width": 6, "height": 5, "seed": None}, "the seed must be a whole number, not NoneType"),
    ({"width": True, "height": 5}, "the width must be a whole number, not bool"),
])
def test_generate_task_arguments_that_are_not_whole_numbers(args, message):
    """The page's JSON arguments: one line naming the argument, before any clingo call."""
    from pysolver import api
    with pytest.raises(PuzzleError) as e:
        api.task("bag", "generate", args)
    assert str(e.value) == message
    assert "ask" in api.task("bag", "generate", {"width": 6.0, "height": "5", "seed": 4})


def test_builtins_unique_from_7_to_20():
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
    index = json.loads((folder / "index.json").read_text())
    for fam in model.FAMILIES:
        sizes = {p["width"] for p in index["puzzles"] if p["family"] == fam}
        assert {7, 20} <= sizes, fam
    for entry in index["puzzles"]:
        g = url.read_url(entry["url"])
        # the stars' hint walk takes seconds from 15x15: tests/test_stars_nikoli.py checks those
        r = aspsolve.analyse(g, rate=entry["width"] <= 10)
        assert r["unique"] and r["difficulty"] == entry["difficulty"], entry["file"]
        assert r["stars"] == (entry["stars"] if entry["width"] <= 10 else None), entry["file"]


@pytest.mark.parametrize("family", sorted(model.FAMILIES))
def test_strong_and_plain_programs_agree_and_check_rates_on_the_plain(family):
    """The solve's strong program (implied reasoning) gives the plain program's status
    and solutions; check (analyse) decides with the strong one once the plain count
    makes the puzzle expert, and rates as the full plain run does (bench instances)."""
    folder = Path(__file__).resolve().parent.parent / "bench" / "nikoli-instances"
    for size in ("10x10", "15x15"):
        lines = (folder / f"{family}-{size}.txt").read_text().splitlines()[:4]
        for line in lines:
            g = url.read_url(line.split()[1])
            plain = aspsolve.solve(g, 3, strong=False)
            strong = aspsolve.solve(g, 3, strong=True)
            assert (strong["status"], sorted(strong["solutions"])) == \
                (plain["status"], sorted(plain["solutions"])), line
            r = aspsolve.analyse(g, rate=False)
            assert r["status"] == plain["status"], line
            assert not [v for s in r["solutions"] for v in rules.violations(g, s)], line
            if r["unique"]:
                assert r["solutions"] == plain["solutions"], line
                assert r["difficulty"] == aspsolve.difficulty(
                    family, g.width, g.height, plain["stats"]["conflicts"]), line


def test_a_raced_solve_gives_the_same_answers(monkeypatch):
    """asp.run_program's race (a second configuration joins a search still running after
    `then` CPU seconds; the first to end answers): started at once here, in slices short
    enough that the searches overlap, the answers are those of the lone search."""
    from pysolver.asp import run as asp
    folder = Path(__file__).resolve().parent.parent / "bench" / "nikoli-instances"
    lines = (folder / "nurikabe-20x20.txt").read_text().splitlines()[:3]
    grids = [url.read_url(line.split()[1]) for line in lines]
    alone = [aspsolve.solve(g, 2) for g in grids]
    monkeypatch.setattr(asp, "SLICE_S", 1e-4)
    monkeypatch.setitem(aspsolve.RACE, "nurikabe", (0.0, ("--configuration=trendy",)))
    for g, a in zip(grids, alone):
        r = aspsolve.solve(g, 2)
        assert (r["status"], r["solutions"]) == (a["status"], a["solutions"])
        assert aspsolve.solve(g, 2, timeout=1e-6)["status"] == "timeout"


def test_few_black_cells_far_apart_are_refused_soundly():
    """few_blacks (the K black cells are joined, so none lie K steps apart): on small
    grids with few black cells, where it applies, the strong program finds exactly
    the plain program's solutions (unique, several, none)."""
    rng = random.Random("solve/far")
    unique = Grid("nurikabe", 5, 5)  # 5 black cells: a 4-island walled into a corner
    unique.clues.update({(3, 4): 16, (0, 0): 4})
    seen = {"unique"} if aspsolve.solve(unique, 2)["solutions"] == [
        ["..#..", "..#..", "###..", ".....", "....."]] else set()
    for _ in range(40):
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        k = rng.randint(1, w + h - 2)  # black cells: at most the grid's longest distance
        g = Grid("nurikabe", w, h)
        cells = rng.sample(list(g.cells()), rng.randint(1, 3))
        left = w * h - k
        for i, c in enumerate(cells):
            n = left - (len(cells) - 1 - i) if i == len(cells) - 1 else rng.randint(1, max(1, left - (len(cells) - 1 - i)))
            g.clues[c] = n
            left -= n
        if left or min(g.clues.values()) < 1:
            continue
        assert aspsolve.few_blacks(g) == k, (w, h, k)
        plain = aspsolve.solve(g, CAP, strong=False)
        strong = aspsolve.solve(g, CAP, strong=True)
        assert strong["status"] == plain["status"], (w, h, g.clues)
        if len(plain["solutions"]) < CAP:  # else each lists its first CAP
            assert sorted(strong["solutions"]) == sorted(plain["solutions"]), (w, h, g.clues)
        seen.add(plain["status"])
    assert {"unique", "multiple", "none"} <= seen
    # the janko 1030 case (10 black cells on 32x32) has them; a usual puzzle has none
    assert aspsolve.few_blacks(url.read_url(EXAMPLES["nurikabe"])) is None


@pytest.mark.slow
def test_janko_1030_is_proved_unique_within_a_conflict_budget():
    """Janko 1030_32x32 (islands of 994 and 20, 10 black cells): undecided in 60 s of CPU
    before few_blacks; with it about 75,000 conflicts (clingo 5.8.3). The budget counts
    work: a change that loses the proof fails here, on any machine."""
    g = url.read_url("https://puzz.link/p?nurikabe/32/32/zzy+3e2zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzj-14zzy")
    assert aspsolve.few_blacks(g) == 10
    r = aspsolve.solve(g, 2, args=("--solve-limit=200000",))
    assert r["status"] == "unique" and not rules.violations(g, r["solutions"][0])
