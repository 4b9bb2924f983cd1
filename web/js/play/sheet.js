// Play's side panels as a bottom sheet on phones (app.css): the bar on top folds them away,
// giving the board the height, and unfolds them again.
export function bindSheet(sheet, toggle) {
  toggle.addEventListener("click", () => {
    const open = !sheet.classList.toggle("collapsed");
    toggle.setAttribute("aria-expanded", String(open));
  });
}
