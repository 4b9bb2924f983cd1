// Optional components (clingo, the editor) that build.py found and listed in
// build.json; each module exports install(app) (web/README.md, "Views and plug-ins").

async function pluginList() {
  try { return (await (await fetch("build.json")).json()).plugins.map((p) => new URL(p, document.baseURI).href); } catch { return []; }
}

/** Every plug-in installed (or failed); app/app.js awaits them before it opens a first
 * puzzle one of them may play (a saved Nikoli game, a Nikoli share link). */
export async function installPlugins(app) {
  await Promise.all((await pluginList()).map((path) =>
    import(path).then((m) => m.install(app)).catch((err) => console.error(`plug-in ${path}:`, err))));
}
