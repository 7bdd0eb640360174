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
    // KNOWN EXCEPTION: server/db/tables.ts composes the Database type from each module's tables.ts
    // (12 type-only imports from the platform into the domain, which put every module that uses the
    // database in a folder cycle with server/db). Left out of the graph until the modules add their
    // tables to an interface the platform declares (declaration merging), so db imports none of them.
    // (src/providers/openapi/paths.ts is generated: types only, and large.)
    exclude: { path: 'node_modules|^server/db/tables[.]ts$|^src/providers/openapi/paths[.]ts$' },
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
    // accounts/tenant-choice.ts → seed/demo.ts
    { rule: 'domain-not-app', from: 'server/accounts/tenant-choice.ts', to: 'server/seed/demo.ts', why: 'the demo tenant is the plug-and-play default when the demo is seeded: move DEMO_TENANT (and DEMO_PASSWORD) to config.ts beside seedDemo, and the tests\' imports with them' },
    // alarms/delivery.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/alarms/delivery.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/delivery.ts → geocoding/alarm-address.ts
    { rule: 'no-cycle', from: 'server/alarms/delivery.ts', to: 'server/geocoding/alarm-address.ts', why: 'server/alarms is being reworked: geocoding/alarm-address.ts takes the alarm types from alarms/dispatch.ts; move the alarm event types to alarms/messages.ts (or common/alarm-message.ts) so geocoding imports only types below it' },
    // alarms/delivery.ts → sms/alarm-sms.ts
    { rule: 'no-cycle', from: 'server/alarms/delivery.ts', to: 'server/sms/alarm-sms.ts', why: 'server/alarms is being reworked: sms/alarm-sms.ts takes the alarm types and texts from alarms; the alarm module should hand sms a rendered message (pass a function), so sms knows no alarm' },
    // alarms/dispatch.ts → alarms/delivery.ts
    { rule: 'no-cycle', from: 'server/alarms/dispatch.ts', to: 'server/alarms/delivery.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/dispatch.ts → alarms/escalation.ts
    { rule: 'no-cycle', from: 'server/alarms/dispatch.ts', to: 'server/alarms/escalation.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation-notify.ts → alarms/delivery.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation-notify.ts', to: 'server/alarms/delivery.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation-notify.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation-notify.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation.ts → alarms/delivery.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation.ts', to: 'server/alarms/delivery.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation.ts → alarms/escalation-notify.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation.ts', to: 'server/alarms/escalation-notify.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/escalation.ts → alarms/live.ts
    { rule: 'no-cycle', from: 'server/alarms/escalation.ts', to: 'server/alarms/live.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // alarms/live.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/alarms/live.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked in another change: escalation, dispatch and delivery call each other; pass delivery into the escalation (a function argument) so the order is dispatch → escalation → delivery' },
    // geocoding/alarm-address.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/geocoding/alarm-address.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked: geocoding imports alarm types and texts; move Place to geocoding and let alarms word the address' },
    // sms/alarm-sms.ts → alarms/dispatch.ts
    { rule: 'no-cycle', from: 'server/sms/alarm-sms.ts', to: 'server/alarms/dispatch.ts', why: 'server/alarms is being reworked: sms/alarm-sms.ts belongs in alarms (it words an alarm as SMS); sms keeps the gateway' },
    // alarms/delivery.ts → geocoding/alarm-address.ts; alarms/delivery.ts → geocoding/reverse.ts; alarms/index.ts → geocoding/reverse.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/geocoding', why: 'server/alarms is being reworked: geocoding imports alarm types, alarms import geocoding; geocoding should know only places (move Place to geocoding or common/geo.ts)' },
    // alarms/evaluate.ts → ingest/tables.ts (type)
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/ingest', why: 'server/alarms and */tables.ts are being reworked: alarms/evaluate.ts takes a row type from ingest/tables.ts while ingest calls alarms; pass the zone/battery rows in as alarms\' own types' },
    // alarms/delivery.ts → sms/alarm-sms.ts; alarms/delivery.ts → sms/http-gateway.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/sms', why: 'server/alarms is being reworked: sms/alarm-sms.ts belongs in alarms (it words an alarm as SMS); sms keeps the gateway' },
    // audit/audit-log-query.ts → identity/list-params.ts; audit/audit-log-routes.ts → identity/route-schemas.ts; audit/route-schemas.ts → identity/route-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/audit', to: 'server/identity', why: 'the audit log routes take identity\'s list parameters and shared route schemas (identity/route-schemas.ts, being reworked with the route schemas): move the shared list parameters and schema parts to server/http, then audit sits below identity' },
    // commands/sms-gateway.ts → sms/http-gateway.ts
    { rule: 'no-folder-cycle', from: 'server/commands', to: 'server/sms', why: 'closes through sms → alarms → ingest → commands (alarms being reworked); goes with the alarms fixes' },
    // geocoding/alarm-address.ts → alarms/dispatch.ts; geocoding/alarm-address.ts → alarms/place.ts; geocoding/alarm-address.ts → alarms/texts.ts; geocoding/reverse.ts → alarms/place.ts
    { rule: 'no-folder-cycle', from: 'server/geocoding', to: 'server/alarms', why: 'server/alarms is being reworked: geocoding imports alarm types and texts; move Place to geocoding and let alarms word the address' },
    // identity/second-factor-requirement-routes.ts → audit/audit-log.ts; identity/second-factor-requirement-routes.ts → audit/entity-change.ts; identity/set-password.ts → audit/audit-log.ts; identity/set-password.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/password-rules.ts → settings/settings.ts; identity/second-factor-requirement-routes.ts → settings/save-settings.ts; identity/second-factor-requirement-routes.ts → settings/settings.ts; identity/second-factor-requirement.ts → settings/settings.ts; identity/sign-in.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/settings', why: 'identity reads settings (password rules, second factor, sign-in) while settings\' routes take identity\'s shared route schemas (being reworked): move those schema parts to server/http' },
    // ingest/device-directory.ts → alarms/evaluate.ts (type); ingest/fix-events.ts → alarms/dispatch.ts (type); ingest/fix-events.ts → alarms/place.ts; ingest/offline.ts → alarms/dispatch.ts; ingest/pipeline.ts → alarms/dispatch.ts; ingest/pipeline.ts → alarms/evaluate.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/alarms', why: 'server/alarms is being reworked: the ingest evaluates alarms (calls alarms/evaluate and dispatch); the cycle closes through alarms → ingest/tables (types) and geocoding/sms; break it there' },
    // ingest/osmand-routes.ts → commands/command-log.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/commands', why: 'closes through commands → sms → alarms → ingest (alarms being reworked); goes with the alarms fixes' },
    // ingest/index.ts → geocoding/reverse.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/geocoding', why: 'closes through geocoding → alarms → ingest (alarms being reworked); goes with the alarms fixes' },
    // settings/index.ts → audit/audit-log-routes.ts; settings/save-settings.ts → audit/audit-log.ts; settings/save-settings.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/settings', to: 'server/audit', why: 'settings write the audit log (right direction); closes through audit>identity>settings' },
    // settings/emailing-routes.ts → identity/route-schemas.ts; settings/identity-settings-routes.ts → identity/route-schemas.ts; settings/timezone-routes.ts → identity/route-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/settings', to: 'server/identity', why: 'settings\' routes take identity/route-schemas.ts (shared ABP schema parts; route schemas being reworked): move them to server/http' },
    // sms/alarm-sms.ts → alarms/dispatch.ts; sms/alarm-sms.ts → alarms/texts.ts; sms/alarm-sms.ts → alarms/texts.ts (type)
    { rule: 'no-folder-cycle', from: 'server/sms', to: 'server/alarms', why: 'server/alarms is being reworked: sms/alarm-sms.ts belongs in alarms (it words an alarm as SMS); sms keeps the gateway' },
  ];
}
