// The one service worker (precache + COOP/COEP headers), registered once the engine
// has started (or failed): on a first visit its precache download then does not
// compete with the engine's own.
import { el, button } from "./dom.js";

export function registerServiceWorker(engine) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const register = () => navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
  if (navigator.serviceWorker.controller) {
    // an older build served this page: a new build's worker takes it over (sw.js skips
    // waiting and claims), and the page still runs the old code while what it loads from
    // now on is the new build's. The player is told, with a reload (games are saved).
    navigator.serviceWorker.addEventListener("controllerchange", offerReload, { once: true });
    register();
  } else engine.start().then(register, register);
}

function offerReload() {
  const reload = button("update-reload", "Reload");
  reload.addEventListener("click", () => location.reload());
  const notice = el("div", { id: "update-ready", className: "panel update-ready" },
    "A new version of the site is ready. Reload to use it; your games are kept. ", reload);
  notice.setAttribute("role", "status");
  document.querySelector(".topbar").after(notice);
}
