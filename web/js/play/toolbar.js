// The play toolbar of every genre: undo, redo, clear, the genre's own tools (nonograms:
// the touch mode and the colours), zoom, the share link and what goes with it, and the
// rules. One toolbar for every genre (play/view.js shows the genre's tools); on phones
// the arrows stand alone (.label-text), the words stay for screen readers.
// On a narrow screen (PHONE) the bar keeps what a move needs (undo, redo, the genre's
// tools, Rules) and a "More" button; the rest moves into the menu it opens, the same
// elements (ids and listeners stay), so nothing is off-screen and nothing scrolls sideways.
import { el, button } from "../shell/dom.js";
import { toolbarKeys } from "../shell/arrows.js";

export const PHONE = "(max-width: 700px)";

/** {tools: elements after Clear, after: elements after Share link, rules: () => void
 * (the Rules button's action; no button without it)} ->
 * {element, undo, redo, clear, zoomOut, zoomLevel, zoomIn, zoomFit, share, link, rules, more, menu}
 * (link: the share link's box, hidden until a link is made). */
export function playToolbar({ tools = [], after = [], rules = null } = {}) {
  const labelled = (b, label) => {
    b.append(el("span", { className: "label-text", textContent: ` ${label}` }));
    b.setAttribute("aria-label", label);
    return b;
  };
  const parts = {
    undo: labelled(button("undo", "↶", "Undo (Ctrl+Z)"), "Undo"),
    redo: labelled(button("redo", "↷", "Redo (Ctrl+Y)"), "Redo"),
    clear: button("clear", "Clear"),
    zoomOut: button("zoom-out", "−", "Zoom out (Ctrl+wheel, pinch)"),
    zoomLevel: el("span", { id: "zoom-level", className: "chip", textContent: "24px" }),
    zoomIn: button("zoom-in", "+", "Zoom in (Ctrl+wheel, pinch)"),
    zoomFit: button("zoom-fit", "Fit"),
    share: button("share", "Share link"),
    // the last of the tools, a line of its own: after Share link it pushed the tools after it
    // (Download) onto another line
    link: el("input", { type: "text", id: "share-url", readOnly: true, hidden: true }),
    rules: rules ? labelled(button("rules", "?", "The rules and how to play"), "How to play") : null,
    more: button("more", "More ▾", "More tools"),
  };
  parts.link.setAttribute("aria-label", "Share link");
  parts.zoomOut.setAttribute("aria-label", "Zoom out");
  parts.zoomIn.setAttribute("aria-label", "Zoom in");
  if (rules) parts.rules.addEventListener("click", () => rules());
  const sep = () => el("span", { className: "sep" });
  // what moves into the menu on phones, in its order
  const spare = [parts.clear, sep(), parts.zoomOut, parts.zoomLevel, parts.zoomIn, parts.zoomFit, sep(), parts.share, ...after, parts.link];
  const menu = el("div", { id: "more-menu", className: "more-menu", hidden: true });
  menu.setAttribute("role", "group");
  menu.setAttribute("aria-label", "More tools");
  const element = el("div", { className: "toolbar" }, parts.undo, parts.redo,
    ...(tools.length ? [sep(), ...tools] : []), ...(rules ? [parts.rules] : []), parts.more, menu);
  element.setAttribute("role", "toolbar");
  element.setAttribute("aria-label", "Play tools");
  parts.more.setAttribute("aria-expanded", "false");
  parts.more.setAttribute("aria-controls", menu.id);
  const open = (yes) => {
    menu.hidden = !yes;
    parts.more.setAttribute("aria-expanded", String(yes));
  };
  parts.more.addEventListener("click", () => open(menu.hidden));
  // a tap outside the toolbar or Escape closes it; its tools keep it open (zoom again, the
  // share link's field shows in it)
  document.addEventListener("pointerdown", (e) => { if (!menu.hidden && !element.contains(e.target)) open(false); });
  // Escape closes the menu (from More too); the rest of the keys are the ARIA toolbar's: one Tab
  // stop, the arrows, Home and End from tool to tool
  element.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !menu.hidden) { open(false); parts.more.focus(); }
  });
  toolbarKeys(element);
  const phone = window.matchMedia(PHONE);
  const place = () => {
    if (phone.matches) menu.append(...spare);
    else { open(false); parts.more.before(...spare); }
    parts.more.hidden = !phone.matches;
  };
  phone.addEventListener("change", place);
  place();
  return { element, ...parts, menu };
}
