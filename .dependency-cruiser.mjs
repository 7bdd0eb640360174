// @ts-check
/**
 * The layers of the code and who may import whom: the rule and its reasons are in
 * docs/architecture.md. `npm run lint:deps` (and `npm test`) fail on an import against them.
 *
 *   app  →  domain modules  →  platform  →  common/
 *   (each imports its own layer and those to its right, never to its left; no cycle between server folders)
 */

/** Infrastructure every module builds on; knows no business concept. */
const PLATFORM = [
  'server/config[.]ts$',
  // The configuration's value parsers and its Config type (server/config.ts reads the environment).
  'server/config/',
  'server/db/(?!migrations/)',
  'server/http/',
  'server/jobs/',
  'server/mail/',
  // The partitioned position history: tables, classes and ranges (retention decides when to drop).
  'server/history/',
  // Keeping tenants apart: a request's tenant scope in queries, and whether a tenant is available.
  'server/multitenancy/',
  // The server's translator (the language routes are the languages module).
  'server/localization/',
  // The one log format, its redaction and request lines; the Prometheus registry and its endpoints.
  'server/logging/',
  'server/metrics/',
];
/** What wires the modules into one server, and the demo data that spans them all. */
const APP = ['server/app[.]ts$', 'server/main[.]ts$', 'server/cluster/', 'server/web/', 'server/seed/'];
const MIGRATIONS = 'server/db/migrations/';

const any = (paths) => `^(${paths.join('|')})`;
const LIVE = '^(server|common|src)/';

/**
 * Imports against the rules that are still there (listed at the end of this file, each with what
 * makes it and the fix to make). A pair is exempt (file → file; folder → folder for a cycle between
 * folders), never a whole file: any other import against the rules still fails. Remove an entry
 * once its import is gone.
 * @type {{ rule: string, from: string, to: string, why: string }[]}
 */
const KNOWN = knownExceptions();

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const rules = [
  {
    name: 'common-is-shared',
    comment: 'common/ runs in the browser and on the server: it imports neither.',
    severity: 'error',
    from: { path: '^common/' },
    to: { path: '^(server|src)/' },
  },
  {
    name: 'web-app-not-server',
    comment: 'The web app shares code with the server through common/ only.',
    severity: 'error',
    from: { path: '^src/' },
    to: { path: '^server/' },
  },
  {
    name: 'server-not-web-app',
    comment: 'The server shares code with the web app through common/ only.',
    severity: 'error',
    from: { path: '^server/' },
    to: { path: '^src/' },
  },
  {
    name: 'migrations-are-frozen',
    comment: 'A migration records what was true when it was written: it imports no live code (copy a constant in).',
    severity: 'error',
    from: { path: `^${MIGRATIONS}` },
    to: { path: LIVE, pathNot: `^${MIGRATIONS}` },
  },
  {
    name: 'no-live-code-from-migrations',
    comment: 'Live code defines its own constants; only the migrator (server/db/database.ts) lists the migrations.',
    severity: 'error',
    from: { path: LIVE, pathNot: `^(${MIGRATIONS}|server/db/database[.]ts$)` },
    to: { path: `^${MIGRATIONS}` },
  },
  {
    name: 'platform-not-above',
    comment: 'The platform knows no domain module and not the app: pass a function or hook in instead.',
    severity: 'error',
    from: { path: any(PLATFORM) },
    to: { path: '^server/', pathNot: `${any(PLATFORM)}|^${MIGRATIONS}` },
  },
  {
    name: 'domain-not-app',
    comment: 'A domain module is wired by the app; it does not reach back into it (nor into the demo data).',
    severity: 'error',
    from: { path: '^server/', pathNot: `${any(PLATFORM)}|${any(APP)}|^${MIGRATIONS}` },
    to: { path: any(APP) },
  },
  {
    name: 'no-cycle',
    comment: 'Modules that import each other load in an order that depends on who came first.',
    severity: 'error',
    from: { path: LIVE },
    to: { circular: true },
  },
  {
    name: 'no-folder-cycle',
    comment: 'Server folders form layers: two folders never import each other, even through others.',
    severity: 'error',
    scope: 'folder',
    from: { path: '^server/' },
    to: { circular: true },
  },
];

/** A rule with its known exceptions taken out, pair by pair (same name, so reports read alike). */
function withExceptions(rule) {
  const mine = KNOWN.filter((k) => k.rule === rule.name);
  if (mine.length === 0) return [rule];
  const exact = (p) => `^${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const froms = [...new Set(mine.map((k) => k.from))];
  const notFroms = froms.map(exact).join('|');
  const others = { ...rule, from: { ...rule.from, pathNot: [rule.from.pathNot, notFroms].filter(Boolean).join('|') } };
  const perFrom = froms.map((from) => {
    const tos = mine.filter((k) => k.from === from).map((k) => exact(k.to)).join('|');
    return { ...rule, from: { path: exact(from) }, to: { ...rule.to, pathNot: [rule.to.pathNot, tos].filter(Boolean).join('|') } };
  });
  return [others, ...perFrom];
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: rules.flatMap(withExceptions),
  options: {
    doNotFollow: { path: 'node_modules' },
    // src/providers/openapi/paths.ts is generated: types only, and large.
    exclude: { path: 'node_modules|^src/providers/openapi/paths[.]ts$' },
    // Type-only imports tie layers together as much as any other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Only what the rules need: no metrics, no reachability, no caching of results between runs.
    skipAnalysisNotInRules: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

/* KNOWN EXCEPTIONS (see KNOWN above) */
function knownExceptions() {
  return [
  ];
}
