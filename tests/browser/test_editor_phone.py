"""Create on a phone (390x844, touch): every control a finger reaches."""
import pytest

from pictures import CHECKER
from test_editor import open_editor, set_picture

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
