// The daily puzzle's card in the Puzzles view (endless.js builds it): today's and
// yesterday's puzzle, each made from its date's recipe (daily.js) by the endless puzzles'
// generator, or opened from its saved game, and the streak of days solved in a row.
import { el, button } from "../shell/dom.js";
import { loadGame } from "../shell/storage.js";
import { formatTime } from "../play/clock.js";
import { starsText } from "../shell/stars.js";
import { DAILY_TRIES, dailyPlan, dailyRecipe, dateKey, dayWords, shiftDay, streak, streakWords } from "./daily.js";
import { gameKey, readJson, writeJson } from "./saved.js";

const DAILY_KEY = "pysolver:daily"; // {days: {"YYYY-MM-DD": {recipe, solved}}}: the daily puzzles met
const DAYS_KEPT = 400;

export class DailyCard {
  /** endless: the Endless that makes the puzzles (its say, exclusive, firstMade, play, failed). */
  constructor(endless) {
    this.endless = endless;
    this.dailyOpen = button("daily-open", "Play today's puzzle");
    this.dailyInfo = el("p", { id: "daily-info", className: "meta" });
    this.dailyStatus = el("span", { id: "daily-status", className: "meta" });
    this.yesterday = button("daily-yesterday", "Yesterday's puzzle");
    this.yesterdayStatus = el("span", { id: "daily-yesterday-status", className: "meta" });
    this.streakText = el("p", { id: "daily-streak", className: "endless-streak" });
    this.card = el("li", { className: "lib-card endless-card", id: "daily-puzzle" },
      el("div", { className: "endless-body" },
        el("h3", { textContent: "Daily puzzle" }), this.dailyInfo,
        el("div", { className: "row" }, this.dailyOpen, this.dailyStatus), el("div", { className: "row" }, this.yesterday, this.yesterdayStatus),
        this.streakText));
    this.dailyOpen.addEventListener("click", () => this.open(this.today()));
    this.yesterday.addEventListener("click", () => this.open(shiftDay(this.today(), -1)));
  }

  /** While a puzzle is made, the day buttons wait; a keyboard player's focus on one goes to
   * New puzzle's button, Cancel meanwhile (not to the page's body, where a button turned off
   * leaves it), and back when the making ends with no puzzle opened. */
  busy(on) {
    const days = [this.dailyOpen, this.yesterday], make = this.endless.make;
    if (on) {
      this.back = days.find((b) => b === document.activeElement) || null;
      for (const b of days) b.disabled = true;
      if (this.back) make.focus();
      return;
    }
    for (const b of days) b.disabled = false;
    if (this.back && [make, document.body].includes(document.activeElement)) this.back.focus();
    this.back = null;
  }

  today() { return dateKey(new Date()); }

  days() {
    const d = readJson(DAILY_KEY, {});
    return d && typeof d.days === "object" && d.days ? d.days : {};
  }

  remember(key, fields) {
    const days = this.days();
    days[key] = { ...days[key], ...fields };
    const keep = Object.keys(days).sort().slice(-DAYS_KEPT);
    writeJson(DAILY_KEY, { days: Object.fromEntries(keep.map((k) => [k, days[k]])) });
  }

  /** A day's saved game (null when never opened). */
  dayGame(key) {
    const day = this.days()[key];
    return day && typeof day.recipe === "string" ? loadGame(gameKey(day.recipe)) : null;
  }

  /** Days solved: those remembered, and any whose saved game is solved (another tab's too). */
  solvedDays() {
    const out = new Set();
    for (const [key, day] of Object.entries(this.days())) {
      if (day.solved) out.add(key);
      else if (typeof day.recipe === "string") {
        const rec = loadGame(gameKey(day.recipe));
        if (rec && rec.solved && !rec.solver) { out.add(key); this.remember(key, { solved: true }); }
      }
    }
    return out;
  }

  statusWords(rec, solved) {
    if (solved || (rec && rec.solved)) return rec && rec.elapsed ? `Solved in ${formatTime(rec.elapsed)}` : "Solved";
    return rec && rec.played ? "In progress" : "Not played yet";
  }

  render() {
    const today = this.today();
    const yesterday = shiftDay(today, -1);
    const plan = dailyPlan(today);
    const solved = this.solvedDays();
    // the level the day's recipe asks for until its puzzle is made; then the puzzle's stars, as
    // its head shows them (a "hard" 10×10 is two stars: they grow with the size too)
    const rec = this.dayGame(today), stars = rec && rec.puzzle && rec.puzzle.stars;
    this.dailyInfo.textContent = `${dayWords(today)} · ${plan.width}×${plan.height} · ` +
      `${plan.colours > 1 ? `${plan.colours} colours` : "black and white"} · ` +
      `${Number.isInteger(stars) ? `difficulty ${starsText(stars)}` : plan.level}`;
    this.dailyStatus.textContent = this.statusWords(rec, solved.has(today));
    this.yesterdayStatus.textContent = this.statusWords(this.dayGame(yesterday), solved.has(yesterday));
    const n = streak(solved, today);
    this.streakText.textContent = n ? streakWords(n) : "Streak: solve today's puzzle to start one";
    this.card.dataset.date = today;
  }

  /** Open a day's puzzle: its saved game, else the engine makes it from the date. */
  async open(key) {
    const title = `Daily puzzle, ${dayWords(key, { short: true })}`; // short: it fits a phone's title line
    const known = this.days()[key];
    const rec = known && typeof known.recipe === "string" ? loadGame(gameKey(known.recipe)) : null;
    try {
      if (rec && rec.puzzle) return this.endless.app.openPuzzle(rec.puzzle, gameKey(known.recipe));
      const what = key === this.today() ? "Making today's puzzle" : `Making the puzzle of ${dayWords(key)}`;
      this.endless.say(`${what}…`);
      const recipes = Array.from({ length: DAILY_TRIES }, (_, k) => dailyRecipe(key, k));
      const r = await this.endless.exclusive((setCancel) => this.endless.firstMade(recipes, what, setCancel));
      if (!r) { this.endless.say("No daily puzzle could be made for that day."); return null; }
      this.endless.say("");
      this.remember(key, { recipe: r.recipe });
      return this.endless.play(r, title);
    } catch (err) { this.endless.failed(err); return null; }
  }

  /** A game won: when it is a daily puzzle's (solved by the player: the solver's solution
   * in the grid is no win), the day is solved; then the streak's words for the win card. */
  won(game) {
    if (!game || game.solver) return null;
    const days = Object.entries(this.days()).filter(([, day]) => typeof day.recipe === "string" && game.key === gameKey(day.recipe));
    for (const [key] of days) this.remember(key, { solved: true });
    const n = days.length ? streak(this.solvedDays(), this.today()) : 0;
    return n ? streakWords(n) : null;
  }
}
