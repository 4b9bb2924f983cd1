// The engine's state in the top bar (#engine-status), in players' words: how far its
// first load has got (a percentage that only goes up: engine/client.js "loading"),
// ready, restarting, or unavailable (then #engine-failed says why). The technical
// detail (Python's version) is only in the tooltip. On phones the chip is a dot that
// fills as the load goes (--loaded).
import { el } from "../shell/dom.js";

export function bindEngineStatus({ engine, chip, failed, failedWhy, retry, onReady }) {
  const percent = el("span");
  percent.setAttribute("aria-hidden", "true"); // a screen reader hears the words, not each percent
  const words = el("span");
  chip.replaceChildren(words, percent);
  const loading = (status) => status === "loading" || status === "idle";
  const showLoaded = () => {
    const pct = Math.floor(100 * engine.loaded);
    chip.dataset.loaded = String(pct);
    chip.style.setProperty("--loaded", `${pct}%`);
    percent.textContent = loading(engine.status) ? ` ${pct}%` : "";
    if (loading(engine.status)) chip.title = `Getting hints ready: ${pct}%`;
  };
  const show = ({ status, info, error }) => {
    chip.className = "chip" + (status === "ready" ? " ok" : status === "failed" ? " bad" : "");
    words.textContent = status === "ready" ? "Hints ready" : status === "failed" ? "Hints unavailable" :
      status === "restarting" ? "Restarting hints…" : "Getting hints ready…";
    // on phones the chip is a dot: the words as its tooltip
    chip.title = status === "ready" && info ? `Hints ready (the puzzle engine runs Python ${info.python} in this page)` : words.textContent;
    chip.dataset.status = status;
    chip.dataset.isolated = String(!!(info && info.interrupt));
    showLoaded();
    failed.hidden = status !== "failed";
    if (status === "failed") failedWhy.textContent = `(${error.message})`;
    if (status === "ready") onReady();
  };
  engine.addEventListener("status", (e) => show(e.detail));
  engine.addEventListener("loading", showLoaded);
  // engine/boot.js started it before this page ran: show where it is now
  show({ status: engine.status, info: engine.info, error: engine.error });
  retry.addEventListener("click", () => engine.restart({ kind: "retry", message: "restarted" }));
}
