"""Create's colours by keyboard: each set of swatches (the Colours panel's, the strip under the
board on a narrow screen) is one Tab stop, the chosen colour's; arrows, Home and End choose
another and keep the focus on it (WAI-ARIA's radio group: a roving tabindex)."""
import pytest
from playwright.sync_api import expect

from helpers import click_cell, editor_picture
from test_editor import new_puzzle, open_editor, wait_clues

pytestmark = [pytest.mark.browser]

# what has the focus: a swatch's colour ("swatch 2", "chip 0") or the control's kind
FOCUSED = """() => { const a = document.activeElement;
  if (a.classList.contains('ed-swatch')) return 'swatch ' + a.dataset.color;
  if (a.classList.contains('ed-chip')) return 'chip ' + a.dataset.color;
  return a.closest('#ed-palette .ed-palette') ? 'field' : 'outside'; }"""


def chosen(page, cls="ed-swatch"):
    """(the checked swatch's colour, the colours Tab reaches) of one set of swatches."""
    return page.evaluate("""(cls) => { const all = [...document.getElementsByClassName(cls)];
      return [all.filter((b) => b.getAttribute('aria-checked') === 'true').map((b) => b.dataset.color),
              all.filter((b) => b.tabIndex === 0).map((b) => b.dataset.color)]; }""", cls)


def test_the_colours_are_one_tab_stop_and_the_arrows_choose(page, site_server, artifacts):
    open_editor(page, site_server)
    new_puzzle(page, 4, 3)
    page.click("#ed-add-colour")
    page.click("#ed-add-colour")  # background, black and two more: colour 3 chosen (the last added)
    expect(page.locator(".ed-swatch")).to_have_count(4)
    assert chosen(page) == [["3"], ["3"]]
    # Shift+Tab back from "+ Add colour" through the panel's list: one swatch among its stops
    page.focus("#ed-add-colour")
    stops = []
    for _ in range(20):
        page.keyboard.press("Shift+Tab")
        at = page.evaluate(FOCUSED)
        if at == "outside":
            break
        stops.append(at)
    assert [s for s in stops if s.startswith("swatch")] == ["swatch 3"], stops
    assert len(stops) == 1 + 3 * 3, stops  # the swatch, and each colour's name, colour and remove

    page.focus(".ed-swatch[data-color='3']")
    for key, colour in (("ArrowLeft", "2"), ("ArrowUp", "1"), ("Home", "0"), ("ArrowLeft", "3"),
                        ("ArrowRight", "0"), ("End", "3"), ("ArrowDown", "0"), ("ArrowRight", "1")):
        page.keyboard.press(key)
        assert page.evaluate(FOCUSED) == f"swatch {colour}", key  # the focus stays with the choice
        assert chosen(page) == [[colour], [colour]], key
    page.keyboard.press("ArrowRight")  # colour 2, then paint with it
    click_cell(page, 0, 0)
    wait_clues(page)
    assert editor_picture(page)[0] == "2..."
    page.focus(".ed-swatch[data-color='2']")
    page.keyboard.press("Tab")  # on to the next control, past the other swatches
    assert page.evaluate(FOCUSED) == "field"
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "name of colour 2"

    # a narrow screen: the strip under the board, one Tab stop too, agreeing with the panel
    page.set_viewport_size({"width": 390, "height": 844})
    strip = page.get_by_role("radiogroup", name="Colour to paint")
    expect(strip).to_be_visible()
    assert chosen(page, "ed-chip") == [["2"], ["2"]]
    page.focus(".ed-chip[data-color='2']")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == "chip 3"
    assert chosen(page, "ed-chip") == [["3"], ["3"]] and chosen(page) == [["3"], ["3"]]
    page.screenshot(path=str(artifacts / "editor-colour-keys-phone.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.focus(".ed-swatch[data-color='3']")
    page.screenshot(path=str(artifacts / "editor-colour-keys-1280.png"))
