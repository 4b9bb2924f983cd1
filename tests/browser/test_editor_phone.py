"""Create on a phone (390x844, touch): every control a finger reaches, the whole height of a wide
picture, what an action says shown where it was tapped, the board brought into view by a fix's Show."""
import pytest
from playwright.sync_api import expect

from pictures import CHECKER
from test_editor import new_puzzle, open_editor, set_picture

pytestmark = [pytest.mark.browser]

PHONE = pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)

# every visible control of the Create view and its height in CSS pixels
HEIGHTS = """() => [...document.querySelectorAll('#view-editor :is(button, select, input, summary)')]
  .filter((e) => e.getClientRects().length)
  .map((e) => [e.id || e.textContent.trim().slice(0, 24) || e.type, e.type || '', Math.round(e.getBoundingClientRect().height)])"""


@PHONE
def test_the_file_pickers_disclosures_and_image_controls_are_finger_sized(page, site_server):
    """"Open a puzzle file to edit" and the image's file picker were 21 px high, "Import an image"
    and "Details" 22 and 17, the threshold slider 16, the image's tick boxes 22."""
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    page.click("#ed-import-panel summary")                # the image's controls shown
    page.click("#ed-check-run")                           # a verdict with its "Details"
    page.wait_for_selector("#ed-check-details:not([hidden]) summary")
    heights = page.evaluate(HEIGHTS)
    shown = {name for name, _, _ in heights}
    assert {"ed-open-file", "ed-image-file", "ed-image-threshold", "Import an image", "Details"} <= shown
    small = [(name, h) for name, kind, h in heights if h < (24 if kind in ("checkbox", "radio") else 36)]
    assert small == []


@PHONE
def test_a_board_wider_than_the_phone_shows_all_its_rows(page, site_server):
    """A 20x15 picture pans sideways on a phone (its cells stay finger-sized), but its box was
    as high as the box's width gave by the grid's shape: rows 12 to 15 were cut off too, with the
    page's room unused below, and reached only by a two-finger pan."""
    open_editor(page, site_server)
    set_picture(page, ["#." * 10] * 15)
    box = page.evaluate("""() => { const b = document.querySelector('#ed-grid');
        return {wide: b.scrollWidth > b.clientWidth, cut: b.scrollHeight - b.clientHeight}; }""")
    assert box == {"wide": True, "cut": 0}


# the elements of the Create view that show `text` (their whole words) within the screen
IN_VIEW = """(text) => [...document.querySelectorAll('#view-editor p')].filter((e) => {
    const r = e.getBoundingClientRect();
    return e.textContent === text && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }).length"""


@PHONE
def test_what_share_and_play_say_is_shown_by_their_buttons(page, site_server):
    """Their words went only to the status line under the board, a screen above the Keep and
    share panel on a phone: Share link or Play this puzzle of a blank grid seemed to do nothing."""
    open_editor(page, site_server)
    new_puzzle(page, 10, 10)
    for button, words in [("#ed-share", "Share: the picture is empty: paint some cells first"),
                          ("#ed-play", "Play: the picture is empty: paint some cells first")]:
        page.locator(button).tap()
        expect(page.locator("#ed-status")).to_have_text(words)
        assert page.evaluate(IN_VIEW, words) == 1, button


@PHONE
def test_show_of_a_fix_brings_the_board_into_view(page, site_server):
    """Show outlined a fix's cells on the board, a screen above the Fix panel on a phone: the
    tap seemed to do nothing."""
    open_editor(page, site_server)
    set_picture(page, CHECKER)
    page.locator("#ed-check-run").tap()
    expect(page.locator("#ed-verdict")).to_have_attribute("data-status", "multiple", timeout=60_000)
    page.locator("#ed-fix-run").tap()
    show = page.locator("#ed-fix-list .ed-fix-show").first
    show.wait_for(timeout=60_000)
    show.tap()
    expect(page.locator("#ed-grid canvas.cells")).to_be_in_viewport()
