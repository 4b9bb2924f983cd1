// A tiny view switcher. Views register {id, label, element, order?, show?, hide?} (the nav
// lists them by order, then as registered);
// the URL fragment "#/<id>" selects one ("#p=..." share links are handled by app/app.js).
// An alias (an old route, "#/nikoli") selects its view with params ({genre: "nikoli"}).
import { button } from "./dom.js";

export class Router extends EventTarget {
  constructor(nav) {
    super();
    this.nav = nav;
    this.views = new Map();
    this.aliases = new Map(); // an old route -> {to, params}
    this.current = null;
    this.pending = null; // a view asked for (by the address) before it registered
    window.addEventListener("hashchange", () => this.fromHash());
  }

  register(view) {
    this.views.set(view.id, view);
    const b = button(`nav-${view.id}`, view.label);
    b.addEventListener("click", () => this.go(view.id));
    view.button = b;
    b.order = view.order ?? Infinity;
    const after = [...this.nav.children].find((other) => other.order > b.order);
    this.nav.insertBefore(b, after || null);
    view.element.hidden = true;
    if (this.pending === view.id) this.go(view.id);
  }

  /** `from` ("#/from", go("from")) shows the view `to` with `params`. */
  alias(from, to, params = {}) {
    this.aliases.set(from, { to, params });
    if (this.pending === from) this.go(from);
  }

  go(id, params = {}) {
    const alias = this.aliases.get(id);
    if (alias) return this.go(alias.to, { ...alias.params, ...params });
    const view = this.views.get(id);
    if (!view) return false;
    this.pending = null; // any later choice of view overrides the address's
    if (this.current && this.current !== view) {
      this.current.element.hidden = true;
      this.current.button.removeAttribute("aria-current");
      if (this.current.hide) this.current.hide();
    }
    this.current = view;
    view.element.hidden = false;
    view.button.setAttribute("aria-current", "page"); // the view shown (not a pressed toggle)
    if (location.hash !== `#/${id}`) history.replaceState(null, "", `#/${id}`);
    if (view.show) view.show(params);
    this.dispatchEvent(new CustomEvent("view", { detail: { id } }));
    return true;
  }

  fromHash() {
    const m = /^#\/([\w-]+)/.exec(location.hash);
    if (m && this.aliases.has(m[1])) this.go(m[1]);
    else if (m && this.views.has(m[1]) && (!this.current || this.current.id !== m[1])) this.go(m[1]);
  }
}
