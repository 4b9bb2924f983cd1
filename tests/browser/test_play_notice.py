"""Clues that have no solution: Play says so above the board as soon as the engine's
quick test knows, and Hint says so instead of suggesting a move; a solvable puzzle
gets no such notice."""
from pathlib import Path

import pytest

from helpers import click_cell, open_builtin, open_site, paste_puzzle, state, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]

TEXT = "document.getElementById('{}').textContent"


def hint_text(page, timeout=30.0):
    """Ask for a hint and wait for its text (not "Thinking…")."""
    page.click("#hint")
    return wait_until(page, f"!document.getElementById('hint').disabled && "
                            f"{TEXT.format('hint-text')} !== 'Thinking…' && {TEXT.format('hint-text')}",
                      timeout)


def open_file(page, path, text, title):
    """Open `text` as the file `path` from Puzzles' file picker; wait for `title` in Play."""
    path.write_text(text)
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    wait_until(page, f"location.hash.startsWith('#/play') && {TEXT.format('puzzle-title')} === {title!r}", 90)


def open_pasted(page, text, title):
    paste_puzzle(page, text)
    wait_until(page, f"location.hash.startsWith('#/play') && {TEXT.format('puzzle-title')} === {title!r}", 30)


def test_clues_without_a_solution_get_a_notice_and_no_move(page, site_server, tmp_path):
    open_site(page, site_server)
    assert page.is_hidden("#clue-notice")
    # rows 2 / 0, columns 0 / 2: line logic from the empty grid fails in column 1
    open_file(page, tmp_path / "nosol.non", 'title "Impossible"\nwidth 2\nheight 2\n\nrows\n2\n0\n\ncolumns\n0\n2\n',
              "Impossible")
    wait_engine(page)
    page.wait_for_selector("#clue-notice:visible", timeout=30_000)
    assert page.text_content("#clue-notice") == (
        "These clues have no solution: column 1 cannot be completed with its clue 0 (empty), "
        "working line by line from the empty grid.")
    assert page.get_attribute("#clue-notice", "role") == "alert"
    # the board is there to look at, but Hint suggests no move
    assert state(page) == ["??", "??"]
    text = hint_text(page)
    assert text.startswith("Column 1, clue 0 (empty): this puzzle has no solution."), text
    assert page.text_content("#hint") == "Hint: where to look"   # nothing to show or apply

    # only a test of one cell refutes these (rows 1 1 / 1 / 1 / 1 1, columns 2 / 1 1 / 1 / 1)
    open_pasted(page, 'title "Cell test"\nwidth 4\nheight 4\n\nrows\n1,1\n1\n1\n1,1\n\n'
                      'columns\n2\n1,1\n1\n1\n', "Cell test")
    wait_until(page, f"{TEXT.format('clue-notice')}.startsWith('These clues have no solution: row 1, column 1')", 30)
    assert page.is_visible("#clue-notice")
    assert "this puzzle has no solution" in hint_text(page)

    # a solvable puzzle: no notice, also once the engine has answered (the hint comes after the test)
    open_builtin(page, "welcome-heart")
    assert page.is_hidden("#clue-notice")
    assert hint_text(page).startswith("Look at")
    assert page.is_hidden("#clue-notice") and page.text_content("#clue-notice") == ""


def test_a_nikoli_puzzle_without_a_solution_gets_the_same_notice(page, site_server):
    """A Nurikabe whose lone 0 leaves no island (a link passed on after Create's Check said
    "No solution") opened with no word: only a hint or a solve told. Now the frame asks every
    genre's diagnose task on opening, and the notice is the one place it says so."""
    open_site(page, site_server)
    wait_engine(page)
    page.goto(site_server.url + "#n=nurikabe/3/3/g")
    page.wait_for_selector("#clue-notice:visible", timeout=60_000)
    assert page.text_content("#clue-notice").startswith("This puzzle has no solution: no way of marking it keeps every rule")
    assert "clingo" not in page.text_content("#clue-notice")
    # a solvable one: no notice, also once its hint (asked after the test) is there
    paste_puzzle(page, "https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Nurikabe 7×7'", 30)
    assert page.is_hidden("#clue-notice")
    assert hint_text(page, 60).startswith("Look at")
    assert page.is_hidden("#clue-notice")


def test_a_file_of_several_puzzles_opens_any_of_them(page, site_server, tmp_path):
    """A TAAI contest file holds many puzzles: the first opens, and the notice above the board
    opens any other (or the next), while one of the file's is in play."""
    open_site(page, site_server)
    assert page.is_hidden("#file-choice")
    # three 2x2 puzzles: columns then rows, "$N" before each; the second the first again
    open_file(page, tmp_path / "contest.txt", "$1\n2\n0\n1\n1\n$2\n2\n0\n1\n1\n$3\n2\n2\n2\n2\n", "Puzzle 1")
    assert page.is_visible("#file-choice")
    assert page.text_content("#file-choice-words") == "contest.txt holds 3 puzzles:"
    assert page.eval_on_selector_all("#file-choice-pick option", "os => os.map(o => o.textContent)") == [
        "Puzzle 1 (2×2)", "Puzzle 2 (2×2)", "Puzzle 3 (2×2)"]
    page.click("#file-choice-next")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 2'", 30)
    assert page.input_value("#file-choice-pick") == "1" and state(page) == ["??", "??"]   # not back at the first
    page.select_option("#file-choice-pick", "2")
    page.click("#file-choice-open")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 3'", 30)
    assert page.is_disabled("#file-choice-next")   # the file's last
    click_cell(page, 0, 0)                          # played: a saved game, a card in the library
    # another puzzle: the file's notice goes; one of the file's again (its card): it is back
    open_builtin(page, "welcome-heart")
    assert page.is_hidden("#file-choice")
    page.click("#nav-library")
    page.locator("#library-cards .lib-card", has_text="Puzzle 3").first.click()
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 3'", 30)
    assert page.is_visible("#file-choice") and page.input_value("#file-choice-pick") == "2"


def test_the_file_is_at_hand_again_on_the_next_visit(page, site_server, tmp_path):
    """A player back to one of a file's puzzles (a reload, the next day) has the file's
    chooser again, without finding the file anew: the last file is kept in the browser."""
    open_site(page, site_server)
    open_file(page, tmp_path / "contest.txt", "$1\n2\n0\n1\n1\n$2\n2\n0\n1\n1\n$3\n2\n2\n2\n2\n", "Puzzle 1")
    page.click("#file-choice-next")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 2'", 30)
    click_cell(page, 0, 0)
    page.reload()
    page.wait_for_selector("html[data-booted=true]")   # the page's elements are there
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 2'", 30)   # the game resumed ...
    page.wait_for_selector("#file-choice:not([hidden])")                    # ... and its file's chooser
    assert page.text_content("#file-choice-words") == "contest.txt holds 3 puzzles:"
    assert page.input_value("#file-choice-pick") == "1" and state(page) == ["#?", "??"]
    page.click("#file-choice-next")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 3'", 30)
    assert page.is_disabled("#file-choice-next")
    click_cell(page, 0, 0)                          # played: a card in the library
    # a puzzle of no file: no chooser; one of the file's again (its card): the chooser is back
    open_builtin(page, "welcome-heart")
    page.reload()
    page.wait_for_selector("html[data-booted=true]")   # the page's elements are there
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Welcome heart'", 30)
    assert page.is_hidden("#file-choice")
    page.click("#nav-library")
    page.locator("#library-cards .lib-card", has_text="Puzzle 3").first.click()
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Puzzle 3'", 30)
    page.wait_for_selector("#file-choice:not([hidden])")
    assert page.input_value("#file-choice-pick") == "2"


def test_a_file_of_nikoli_urls_opens_any_of_them(page, site_server, tmp_path):
    """One puzz.link URL a line: the chooser of the nonogram's files, for a Nikoli genre."""
    builtin = next(line for line in (ROOT / "web" / "puzzles" / "nikoli" / "nurikabe-7x7-1.txt").read_text().splitlines()
                   if line.startswith("https://"))
    open_site(page, site_server)
    open_file(page, tmp_path / "links.txt", f"{builtin}\nhttps://puzz.link/p?nurikabe/5/5/g5k2o1k3g\n", "Nurikabe 7×7 #1")
    assert page.text_content("#file-choice-words") == "links.txt holds 2 puzzles:"
    assert page.eval_on_selector_all("#file-choice-pick option", "os => os.map(o => o.textContent)") == [
        "Nurikabe 7×7 #1", "Puzzle 2 (5×5)"]   # a built-in's URL gets its title
    page.click("#file-choice-next")
    wait_until(page, "document.getElementById('puzzle-meta').textContent.startsWith('Nurikabe · 5×5')", 30)
    assert page.input_value("#file-choice-pick") == "1" and page.is_disabled("#file-choice-next")
    page.reload()                                   # kept for the next visit, as a nonogram file
    page.wait_for_selector("html[data-booted=true]")
    wait_until(page, "document.getElementById('puzzle-meta').textContent.startsWith('Nurikabe · 5×5')", 30)
    page.wait_for_selector("#file-choice:not([hidden])")
    assert page.input_value("#file-choice-pick") == "1"


def test_a_file_of_urls_of_several_genres_opens_each_in_its_own(page, site_server, tmp_path):
    """A player's list of links mixes the genres: the chooser offers each, opened in its own
    genre (it was refused: "puzzle 2 is a masyu puzzle, not nurikabe"); a broken line is named."""
    links = ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g\nhttps://puzz.link/p?mashu/6/6/1063000i3000\n"
             "https://puzz.link/p?heyawake/6/6/lll155007rs12222j\n")
    open_site(page, site_server)
    open_file(page, tmp_path / "mixed.txt", links, "Nurikabe 5×5")
    assert page.text_content("#file-choice-words") == "mixed.txt holds 3 puzzles:"
    assert page.eval_on_selector_all("#file-choice-pick option", "os => os.map(o => o.textContent)") == [
        "1. Nurikabe (5×5)", "2. Masyu (6×6)", "3. Heyawake (6×6)"]
    page.click("#file-choice-next")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Masyu 6×6'", 30)
    page.select_option("#file-choice-pick", "2")
    page.click("#file-choice-open")
    wait_until(page, f"{TEXT.format('puzzle-title')} === 'Heyawake 6×6'", 30)
    # a line cut short among them: the file is refused, naming that line
    path = tmp_path / "broken.txt"
    path.write_text(links.replace("mashu/6/6/1063000i3000", "mashu/"))
    page.click("#nav-library")
    page.set_input_files("#file-input", str(path))
    wait_until(page, "document.getElementById('open-error').textContent.includes('broken.txt, line 2:')", 30)
