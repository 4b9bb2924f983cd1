// The one service worker (precache + COOP/COEP headers), registered once the engine
// has started (or failed): on a first visit its precache download then does not
// compete with the engine's own.
export function registerServiceWorker(engine) {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const register = () => navigator.serviceWorker.register("sw.js").catch((err) => console.warn("service worker:", err));
  if (navigator.serviceWorker.controller) register();
  else engine.start().then(register, register);
}
