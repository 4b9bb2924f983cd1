"""The expert level in the site's New puzzle control (issue 31): offered where the
generator makes one quickly (10x10 and 15x15, black and white), and what it makes is the
recipe's expert puzzle. Asserts what a player sees; waits follow the page's texts."""
import re

from conftest import ENGINE_TIMEOUT
from helpers import open_site, wait_engine
from pysolver import api


def test_expert_is_offered_and_makes_an_expert_puzzle(page, site_server):
    open_site(page, site_server)
    wait_engine(page)
    page.click("#nav-library")
    levels = page.eval_on_selector_all("#np-level option", "os => os.map(o => o.textContent)")
    assert levels == ["Easy", "Medium", "Hard", "Expert"]
    page.select_option("#np-colours", "3")
    page.select_option("#np-level", "expert")
    sizes = page.eval_on_selector_all("#np-size option", "os => os.map(o => o.textContent)")
    assert sizes == ["10×10", "15×15"]             # the sizes it is made at in a few seconds
    assert page.is_hidden("#np-colours")           # black and white only
    assert page.input_value("#np-size") == "10"   # the size chosen before stays offered
    page.click("#np-make")
    page.wait_for_function("() => /^Expert 10×10 #\\d+$/.test(document.querySelector('#puzzle-title')?.textContent || '')",
                           timeout=ENGINE_TIMEOUT)
    assert page.is_visible("#view-play")
    page.click("#share")                           # its link is its recipe
    recipe = re.search(r"#g=(nonogram:10x10:1:expert:\d+)$", page.input_value("#share-url")).group(1)
    seed = recipe.rsplit(":", 1)[1]
    assert page.text_content("#puzzle-title") == f"Expert 10×10 #{seed}"
    r = api.task("nonogram", "generate", {"recipe": recipe})["result"]
    assert r["level"] == "expert" and r["walk"]["steps"]["deep"] >= 1
    # back in the library, the choice is remembered as made
    page.click("#nav-library")
    assert [page.input_value(s) for s in ("#np-size", "#np-colours", "#np-level")] == ["10", "1", "expert"]
