"""Text read against its background at WCAG AA (4.5:1 for text under 18.66 px bold / 24 px) in
both themes: the words, the muted words, the chips. The colours are the page's computed
styles; a background is the first opaque one up the tree, with translucent ones over it."""
import pytest

from helpers import open_site, wait_engine

CONTRAST = r"""(sel) => {
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const e = document.querySelector(sel);
  const layers = [];
  for (let n = e; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
  }
  let bg = [255, 255, 255, 1];
  for (const c of layers.reverse()) bg = over(c, bg);
  const fg = over(parse(getComputedStyle(e).color), bg);
  const [a, b] = [lum(fg), lum(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""

TEXTS = {
    "the title": "#puzzle-title",
    "muted words under it": "#view-play .meta",
    "the status line": "#status",
    "the engine's chip, ready": "#engine-status.ok",
    "the zoom chip": "#zoom-level",
}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_words_and_chips_read_at_aa_in_both_themes(page, site_server, theme):
    open_site(page, site_server)
    wait_engine(page)
    if theme == "dark":
        page.focus("#theme-toggle")
        page.keyboard.press("Enter")
        page.wait_for_selector("html[data-theme=dark]")
    low = {what: round(page.evaluate(CONTRAST, sel), 2) for what, sel in TEXTS.items()}
    assert all(ratio >= 4.5 for ratio in low.values()), low
