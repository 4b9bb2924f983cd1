"""Issue 29: storage pressure never costs a saved game. With localStorage filled to its
quota by saved games, a big share link opens and is played: no saved game is removed,
the player is told plainly and chooses which to remove (or to play on without saving)."""
import json

import pytest

from helpers import cell_center, open_site, wait_board, wait_engine, wait_until

pytestmark = [pytest.mark.browser]

# the saved games' puzzle: small, so that the fill leaves less room than the share link's game
# needs (it is stored as its link, a few hundred characters)
TINY = {"title": "Tiny", "rows": [[1]], "columns": [[1]],
        "colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "black", "char": "#", "rgb": "000000"}]}
PREFIX = "pysolver:progress:v1:"
LINK = "nurikabe/100/100/"  # 10,000 cells from a 17-character link
OTHER_LINK = "nurikabe/100/99/"
NOTICE = "#save-notice"


def fill_with_saved_games(page):
    """Saved games (valid records, their undo history padded) until not even the
    smallest one more fits: the quota is reached by games alone."""
    return page.evaluate("""([heart, prefix]) => {
        let n = 0;
        for (let pad = 1 << 18; pad >= 1; pad >>= 1) {
            for (;;) {
                const key = `builtin:saved-${n}`;
                const rec = { format: "pysolver-progress", version: 2, key, rev: 1, saved: 1e12 + n,
                    played: true, puzzle: heart, title: `Saved game ${n}`, cells: "0",
                    undo: [{ c: [0, 0, 1], l: "x".repeat(pad) }], redo: [], elapsed: 1000, solved: false };
                try { localStorage.setItem(prefix + key, JSON.stringify(rec)); n++; } catch { break; }
            }
        }
        return n;
    }""", [TINY, PREFIX])


def saved(page):
    return page.evaluate(f"Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('{PREFIX}')))")


def centre(page, x, y):
    return cell_center(page, x, y)


def test_a_full_storage_asks_the_player_and_loses_no_saved_game_or_plays_on_without_saving(page, site_server):
    # 1. the player makes room: no saved game lost but the one chosen
    open_site(page, site_server)
    wait_engine(page)
    page.evaluate("localStorage.clear()")
    assert fill_with_saved_games(page) > 10
    before = saved(page)
    page.evaluate(f"location.hash = '#n={LINK}'")
    wait_board(page, 100)
    # not played yet: a save (the page being hidden) stores nothing and asks nothing
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    assert page.is_hidden(NOTICE) and saved(page) == before
    page.locator("#board canvas.cells").scroll_into_view_if_needed()
    page.mouse.click(*centre(page, 1, 1))  # a move: now there is progress to keep
    wait_until(page, f"!document.querySelector('{NOTICE}').hidden", 30)
    text = page.text_content(NOTICE)
    assert "Your browser's storage for this site is full" in text
    assert saved(page) == before  # every saved game survives, untouched
    # the player chooses: the list of saved games, largest first; one removed makes room
    page.click(f"{NOTICE} #save-make-room")
    first = page.locator(f"{NOTICE} .save-remove").first
    n = int(first.text_content().split("“Saved game ")[1].split("”")[0])
    biggest = max(len(v) for v in before.values())
    assert len(before[f"{PREFIX}builtin:saved-{n}"]) == biggest
    assert page.locator(f"{NOTICE} .save-remove").count() == min(10, len(before))
    first.click()
    wait_until(page, f"document.querySelector('{NOTICE}').textContent.includes('saved again')", 30)
    after = saved(page)
    gone = set(before) - set(after)
    assert gone == {f"{PREFIX}builtin:saved-{n}"}
    assert all(after[k] == v for k, v in before.items() if k not in gone)
    (new,) = set(after) - set(before)  # and the game played is saved
    rec = json.loads(after[new])
    assert rec["puzzle"]["family"] == "nurikabe" and rec["played"] is True
    # 2. full again, another big puzzle: the player plays on without saving
    page.evaluate("localStorage.clear()")
    fill_with_saved_games(page)
    before = saved(page)
    page.evaluate(f"location.hash = '#n={OTHER_LINK}'")     # another big puzzle, never saved
    wait_board(page, 100, 99)
    page.locator("#board canvas.cells").scroll_into_view_if_needed()
    page.mouse.click(*centre(page, 1, 1))
    wait_until(page, f"document.querySelector('{NOTICE}').textContent.includes('storage for this site is full')", 30)
    page.click(f"{NOTICE} #save-skip")
    assert "not being saved" in page.text_content(NOTICE)
    page.mouse.click(*centre(page, 2, 1))
    page.evaluate("window.dispatchEvent(new Event('pagehide'))")
    assert saved(page) == before and "not being saved" in page.text_content(NOTICE)
