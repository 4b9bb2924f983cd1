// The play toolbar of every genre: undo, redo, clear, the genre's own tools (nonograms:
// the touch mode and the colours), zoom, the share link and what goes with it. Ids carry
// the view's prefix ("" for Play, "nk-" for the Nikoli view); on phones the arrows stand
// alone (.label-text), the words stay for screen readers.
import { el, button } from "../shell/dom.js";

/** {prefix, tools: elements after Clear, after: elements after Share link} ->
 * {element, undo, redo, clear, zoomOut, zoomLevel, zoomIn, zoomFit, share}. */
export function playToolbar({ prefix = "", tools = [], after = [] } = {}) {
  const id = (name) => prefix + name;
  const labelled = (b, label) => {
    b.append(el("span", { className: "label-text", textContent: ` ${label}` }));
    b.setAttribute("aria-label", label);
    return b;
  };
  const parts = {
    undo: labelled(button(id("undo"), "↶", "Undo (Ctrl+Z)"), "Undo"),
    redo: labelled(button(id("redo"), "↷", "Redo (Ctrl+Y)"), "Redo"),
    clear: button(id("clear"), "Clear"),
    zoomOut: button(id("zoom-out"), "−", "Zoom out (Ctrl+wheel, pinch)"),
    zoomLevel: el("span", { id: id("zoom-level"), className: "chip", textContent: "24px" }),
    zoomIn: button(id("zoom-in"), "+", "Zoom in (Ctrl+wheel, pinch)"),
    zoomFit: button(id("zoom-fit"), "Fit"),
    share: button(id("share"), "Share link"),
  };
  parts.zoomOut.setAttribute("aria-label", "Zoom out");
  parts.zoomIn.setAttribute("aria-label", "Zoom in");
  const sep = () => el("span", { className: "sep" });
  const element = el("div", { className: "toolbar" }, parts.undo, parts.redo, parts.clear,
    ...(tools.length ? [sep(), ...tools] : []), sep(), parts.zoomOut, parts.zoomLevel, parts.zoomIn, parts.zoomFit,
    sep(), parts.share, ...after);
  element.setAttribute("role", "toolbar");
  element.setAttribute("aria-label", "Play tools");
  return { element, ...parts };
}
