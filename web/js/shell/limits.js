// The size policy the engine enforces (site/limits.json, which the build writes from
// pysolver.limits), for the page's own checks before it allocates anything: share
// links (share.js) and opened files (shell/open-files.js). One source, never a copied number.

let limits = null;

/** The size policy the engine enforces too (pysolver.limits.as_dict()); null outside a page
 * (Node's unit tests have no site/limits.json: they pass their own to decodeShare or none). */
export function sizeLimits() {
  if (typeof document === "undefined") return Promise.resolve(null);
  limits ??= fetch("limits.json").then((r) => {
    if (!r.ok) throw new Error(`limits.json: HTTP ${r.status}`);
    return r.json();
  }).catch((err) => { limits = null; throw err; });
  return limits;
}
