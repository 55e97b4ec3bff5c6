// The house's boundaries, checked in `npm test` (scripts/test-all.mjs, `npm run lint:boundaries`):
// app -> lib/<domain> -> lib/db, one way. lib never reaches up into the Next app, the pages'
// components or next/*, so the CLI and the MCP server can reuse it; the domain folders of lib do
// not import each other in a loop. docs/architecture.md draws the layers.

// The layers of lib, top to bottom: a folder imports only folders of a lower rank (never its own
// rank's others), so the domains form no loop. The shells (cli, mcp) sit on the operations that
// every surface shares; moderation and transfer orchestrate writes over the domains; search reads
// resources and experiences; a resource aggregates experiences, which may link content; keys,
// audit, limits, the demand logs and text analysis are below them all. Files directly in lib/
// (db, errors, http...) are below every folder, except api-index.ts, the API's self-description.
const RANKS = {
  cli: 10, mcp: 10,
  config: 9, openapi: 9,
  operations: 8,
  "api-index.ts": 7.5,
  transfer: 7.2,
  moderation: 7,
  admin: 6, search: 6,
  // Learning from use reads the reports and the search log and is read by search.
  learning: 5.5,
  resources: 5,
  verdicts: 4.5,
  experiences: 4,
  contents: 3, auth: 3,
  keys: 2, "demand-log": 2, health: 2,
  audit: 1, limits: 1, security: 1,
  text: 0,
};
const escape = (name) => name.replace(/[.]/g, "\\.");
const target = (name) => (name.endsWith(".ts") ? `^lib/${escape(name)}$` : `^lib/${escape(name)}/`);
const layerRules = Object.entries(RANKS).map(([name, rank]) => ({
  name: `layers-${name.replace(/\.ts$/, "")}`,
  comment: `lib/${name} (rank ${rank}) imports only lower layers: ${Object.entries(RANKS)
    .filter(([, r]) => r < rank)
    .map(([n]) => n)
    .join(", ") || "nothing of lib's folders"} (.dependency-cruiser.cjs RANKS).`,
  severity: "error",
  from: { path: target(name), pathNot: "\\.test\\.ts$" },
  to: {
    path: Object.entries(RANKS)
      .filter(([other, r]) => other !== name && r >= rank)
      .map(([other]) => target(other))
      .join("|"),
  },
}));
const rootFilesRule = {
  name: "layers-root-files",
  comment: "The files directly in lib/ (db, errors, http, ...) are below every domain: they import only text and security.",
  severity: "error",
  from: { path: "^lib/[^/]+\\.ts$", pathNot: "^lib/api-index\\.ts$|\\.test\\.ts$" },
  to: { path: "^lib/[^/]+/", pathNot: "^lib/(text|security)/" },
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    rootFilesRule,
    {
      name: "lib-not-next",
      comment: "lib/** is plain TypeScript: the CLI and the MCP server run it without Next.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^node_modules/next/|^next(/|$)" },
    },
    {
      name: "lib-not-up",
      comment: "lib/** never imports the app, its components, the scripts or the tests above it.",
      severity: "error",
      from: { path: "^lib/", pathNot: "\\.test\\.ts$" },
      to: { path: "^(app|components|scripts|bin|e2e|test)/" },
    },
    {
      name: "components-not-app",
      comment: "Components are used by pages, never the other way round.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "no-file-cycles",
      comment: "No module imports itself through others (a cycle of type-only imports is erased at compile time and allowed).",
      severity: "error",
      from: { path: "^(lib|app|components)/" },
      to: { circular: true, dependencyTypesNot: ["type-only"], viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(generated|node_modules|\\.next)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: false,
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
