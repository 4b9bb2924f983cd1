// Optional components (clingo, the editor) that build.py found and listed in
// build.json; each module exports install(app) (web/README.md, "Views and plug-ins").

async function pluginList() {
  try { return (await (await fetch("build.json")).json()).plugins.map((p) => `../${p}`); } catch { return []; }
}

export async function installPlugins(app) {
  for (const path of await pluginList()) {
    import(path).then((m) => m.install(app)).catch((err) => console.error(`plug-in ${path}:`, err));
  }
}
