// Light and dark themes: the saved choice, else the system's; the page's colours are CSS variables.
const KEY = "pysolver:theme";

export function initTheme(button, onChange) {
  const set = (dark) => {
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    button.setAttribute("aria-pressed", String(dark));
    try { localStorage.setItem(KEY, dark ? "dark" : "light"); } catch { /* private mode */ }
    onChange();
  };
  let dark = window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches;
  try { const t = localStorage.getItem(KEY); if (t) dark = t === "dark"; } catch { /* private mode */ }
  set(dark);
  button.addEventListener("click", () => set(document.documentElement.dataset.theme !== "dark"));
}
