// @ts-check
/**
 * The layers of the code and who may import whom: the rule and its reasons are in
 * docs/architecture.md. `npm run lint:deps` (and `npm test`) fail on an import against them.
 *
 *   common/  →  platform  →  domain modules  →  app
 *   (each may import the layers to its left, never to its right; no cycle between server folders)
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
  // The server's translator; the language routes beside it are a domain module.
  'server/localization/(texts|overrides|override-sync)[.]ts$',
];
/** What wires the modules into one server, and the demo data that spans them all. */
const APP = ['server/app[.]ts$', 'server/main[.]ts$', 'server/cluster/', 'server/web/', 'server/seed/'];
const MIGRATIONS = 'server/db/migrations/';

const any = (paths) => `^(${paths.join('|')})`;
const LIVE = '^(server|common|src)/';

/**
 * Imports against the rules that are still there (listed at the end of this file, each with what
 * makes it and the fix to make). A pair is exempt, never a whole file or folder: a new import from
 * the same place still fails. Remove an entry once its import is gone.
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
    // identity/setup-routes.ts → seed/demo.ts
    { rule: 'domain-not-app', from: 'server/identity/setup-routes.ts', to: 'server/seed/demo.ts', why: 'the setup page refuses the published demo password: move DEMO_PASSWORD to config.ts beside seedDemo (97 tests import it from seed/demo)' },
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
    // abp/application-configuration.ts → identity/user-records.ts
    { rule: 'no-folder-cycle', from: 'server/abp', to: 'server/identity', why: 'abp/application-configuration.ts aggregates identity, permissions, tenancy, settings and languages: it is app wiring (move it to the app layer); abp/schema-parts.ts is used by modules (route schemas being reworked: move it to server/http)' },
    // abp/application-configuration.ts → languages/languages.ts
    { rule: 'no-folder-cycle', from: 'server/abp', to: 'server/languages', why: 'see abp>identity: application configuration belongs to the app layer' },
    // abp/application-configuration.ts → permissions/granted.ts; abp/application-configuration.ts → permissions/guard.ts; abp/application-localization.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/abp', to: 'server/permissions', why: 'see abp>identity: application configuration belongs to the app layer' },
    // abp/application-configuration.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/abp', to: 'server/settings', why: 'see abp>identity: application configuration belongs to the app layer' },
    // abp/application-configuration.ts → tenancy/features.ts
    { rule: 'no-folder-cycle', from: 'server/abp', to: 'server/tenancy', why: 'see abp>identity: application configuration belongs to the app layer' },
    // alarms/delivery.ts → geocoding/alarm-address.ts; alarms/delivery.ts → geocoding/reverse.ts; alarms/index.ts → geocoding/reverse.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/geocoding', why: 'server/alarms is being reworked: geocoding imports alarm types, alarms import geocoding; geocoding should know only places (move Place to geocoding or common/geo.ts)' },
    // alarms/evaluate.ts → ingest/tables.ts (type)
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/ingest', why: 'server/alarms and */tables.ts are being reworked: alarms/evaluate.ts takes a row type from ingest/tables.ts while ingest calls alarms; pass the zone/battery rows in as alarms\' own types' },
    // alarms/receivers.ts → languages/languages.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/languages', why: 'closes through languages → settings/abp → ... → alarms; alarms being reworked: goes with the alarms fixes' },
    // alarms/stream-token.ts → oidc/token-liveness.ts (type)
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/oidc', why: 'alarms/stream-token.ts takes the TokenLiveness type from oidc; oidc is in the identity knot (see identity>oidc); goes with it' },
    // alarms/index.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/permissions', why: 'alarms use the permission guard, which is in the identity knot (see permissions>identity); goes with it' },
    // alarms/delivery.ts → push/index.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/push', why: 'closes through push → permissions → identity knot; goes with permissions>identity' },
    // alarms/dispatch.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/settings', why: 'alarms read settings, which are in the identity knot (see settings>identity); goes with it' },
    // alarms/delivery.ts → sms/alarm-sms.ts; alarms/delivery.ts → sms/http-gateway.ts
    { rule: 'no-folder-cycle', from: 'server/alarms', to: 'server/sms', why: 'server/alarms is being reworked: sms/alarm-sms.ts belongs in alarms (it words an alarm as SMS); sms keeps the gateway' },
    // audit/audit-log-query.ts → identity/list-params.ts; audit/audit-log-routes.ts → identity/route-schemas.ts; audit/route-schemas.ts → identity/route-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/audit', to: 'server/identity', why: 'the audit log routes take identity\'s list parameters and shared route schemas (identity/route-schemas.ts, being reworked with the route schemas): move the shared list parameters and schema parts to server/http, then audit sits below identity' },
    // audit/audit-log-routes.ts → permissions/host-only.ts
    { rule: 'no-folder-cycle', from: 'server/audit', to: 'server/permissions', why: 'audit-log routes use permissions/host-only.ts; permissions reach back through identity: goes with permissions>identity' },
    // 
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/abp', why: 'billing\'s route schemas use abp/schema-parts.ts (route schemas being reworked): move schema-parts to server/http' },
    // 
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/permissions', why: 'billing uses the guard (right direction); closes through the identity knot' },
    // 
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/resource-extensions/customers', why: 'billing prices with resource-extensions/products and customers (right direction); closes through resource-extensions>audit/permissions and the identity knot' },
    // 
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/resource-extensions/products', why: 'billing prices with resource-extensions/products and customers (right direction); closes through resource-extensions>audit/permissions and the identity knot' },
    // billing/context.ts → schema-engine/index.ts (type)
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/schema-engine', why: 'billing uses the schema engine (right direction); closes through the identity knot' },
    // 
    { rule: 'no-folder-cycle', from: 'server/billing', to: 'server/tenancy', why: 'billing reads tenant features (right direction); closes through the identity knot' },
    // billing/service/cards.ts → billing/context.ts (type); billing/service/cards.ts → billing/errors.ts; billing/service/cards.ts → billing/tables.ts (type); billing/service/customers.ts → billing/context.ts (type); billing/service/customers.ts → billing/errors.ts; billing/service/customers.ts → billing/tables.ts (type); billing/service/invoices.ts → billing/tables.ts (type); billing/service/periods.ts → billing/tables.ts (type); billing/service/pricing.ts → billing/tables.ts (type); billing/service/subscriptions.ts → billing/context.ts (type); billing/service/subscriptions.ts → billing/errors.ts; billing/service/subscriptions.ts → billing/tables.ts (type)
    { rule: 'no-folder-cycle', from: 'server/billing/service', to: 'server/billing', why: 'billing/service and billing\'s root import each other: move what service needs from the root (context, errors) into service, or the reverse' },
    // billing/service/pricing.ts → resource-extensions/customers/prices.ts
    { rule: 'no-folder-cycle', from: 'server/billing/service', to: 'server/resource-extensions/customers', why: 'billing prices with resource-extensions/products and customers (right direction); closes through resource-extensions>audit/permissions and the identity knot' },
    // billing/service/invoice-pdf.ts → resource-extensions/products/money.ts; billing/service/invoices.ts → resource-extensions/products/money.ts; billing/service/pricing.ts → resource-extensions/products/catalogue.ts; billing/service/subscriptions.ts → resource-extensions/products/money.ts
    { rule: 'no-folder-cycle', from: 'server/billing/service', to: 'server/resource-extensions/products', why: 'billing prices with resource-extensions/products and customers (right direction); closes through resource-extensions>audit/permissions and the identity knot' },
    // billing/service/pricing.ts → schema-engine/index.ts (type); billing/service/pricing.ts → schema-engine/records.ts; billing/service/pricing.ts → schema-engine/resource-model.ts (type)
    { rule: 'no-folder-cycle', from: 'server/billing/service', to: 'server/schema-engine', why: 'billing uses the schema engine (right direction); closes through the identity knot' },
    // commands/command-routes.ts → permissions/guard.ts; commands/settings-routes.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/commands', to: 'server/permissions', why: 'commands use the guard (right direction); closes through the identity knot' },
    // commands/command-routes.ts → schema-engine/resource-model.ts (type); commands/device-access.ts → schema-engine/resource-model.ts (type)
    { rule: 'no-folder-cycle', from: 'server/commands', to: 'server/schema-engine', why: 'commands use the schema engine (right direction); closes through the identity knot' },
    // commands/sms-gateway.ts → sms/http-gateway.ts
    { rule: 'no-folder-cycle', from: 'server/commands', to: 'server/sms', why: 'closes through sms → alarms → ingest → commands (alarms being reworked); goes with the alarms fixes' },
    // geocoding/alarm-address.ts → alarms/dispatch.ts; geocoding/alarm-address.ts → alarms/place.ts; geocoding/alarm-address.ts → alarms/texts.ts; geocoding/reverse.ts → alarms/place.ts
    { rule: 'no-folder-cycle', from: 'server/geocoding', to: 'server/alarms', why: 'server/alarms is being reworked: geocoding imports alarm types and texts; move Place to geocoding and let alarms word the address' },
    // identity/second-factor-requirement-routes.ts → audit/audit-log.ts; identity/second-factor-requirement-routes.ts → audit/entity-change.ts; identity/set-password.ts → audit/audit-log.ts; identity/set-password.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/set-password.ts → oidc/grant-revocation.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/oidc', why: 'identity revokes grants (oidc/grant-revocation.ts) while oidc signs in through identity: move grant revocation (a delete of oidc_grants and its NOTIFY) to identity, or pass it into identity\'s routes' },
    // identity/escalation-rules.ts → permissions/granted.ts; identity/second-factor-requirement-routes.ts → permissions/host-only.ts; identity/setup-routes.ts → permissions/guard.ts; identity/user-overview-routes.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/permissions', why: 'identity uses the permission guard (right direction) and registers permissions/management\'s routes from identity/index.ts; register those in app.ts and move management out of permissions (server/permission-management) so permissions core sits below identity' },
    // identity/index.ts → permissions/management/routes.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/permissions/management', why: 'identity uses the permission guard (right direction) and registers permissions/management\'s routes from identity/index.ts; register those in app.ts and move management out of permissions (server/permission-management) so permissions core sits below identity' },
    // identity/setup-routes.ts → seed/demo.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/seed', why: 'the setup page refuses the published demo password (DEMO_PASSWORD in seed/demo.ts): move it to config.ts beside seedDemo' },
    // identity/password-rules.ts → settings/settings.ts; identity/second-factor-requirement-routes.ts → settings/save-settings.ts; identity/second-factor-requirement-routes.ts → settings/settings.ts; identity/second-factor-requirement.ts → settings/settings.ts; identity/sign-in.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/settings', why: 'identity reads settings (password rules, second factor, sign-in) while settings\' routes take identity\'s shared route schemas (being reworked): move those schema parts to server/http' },
    // identity/sign-in.ts → tenancy/tenant-state.ts
    { rule: 'no-folder-cycle', from: 'server/identity', to: 'server/tenancy', why: 'sign-in checks tenant availability (tenancy/tenant-state.ts) while tenancy uses identity\'s user records: move normalize() and the tenant activation state to where both read them (tenant-state beside the tenant table, normalize in server/http or common)' },
    // identity/authenticator/challenge.ts → identity/second-factor-tables.ts; identity/authenticator/challenge.ts → identity/two-factor.ts; identity/authenticator/store.ts → identity/second-factor-tables.ts
    { rule: 'no-folder-cycle', from: 'server/identity/authenticator', to: 'server/identity', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/claim-types/routes.ts → audit/audit-log.ts; identity/claim-types/routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity/claim-types', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/claim-types/routes.ts → identity/users/rules.ts
    { rule: 'no-folder-cycle', from: 'server/identity/claim-types', to: 'server/identity/users', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/claim-types/routes.ts → permissions/host-only.ts
    { rule: 'no-folder-cycle', from: 'server/identity/claim-types', to: 'server/permissions', why: 'identity uses the permission guard (right direction) and registers permissions/management\'s routes from identity/index.ts; register those in app.ts and move management out of permissions (server/permission-management) so permissions core sits below identity' },
    // identity/overviews/routes.ts → audit/audit-log.ts; identity/overviews/routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity/overviews', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/overviews/queries.ts → identity/list-params.ts (type); identity/overviews/queries.ts → identity/scope.ts (type); identity/overviews/reports.ts → identity/list-params.ts; identity/overviews/reports.ts → identity/route-schemas.ts; identity/overviews/reports.ts → identity/scope.ts; identity/overviews/reports.ts → identity/security-log-query.ts; identity/overviews/reports.ts → identity/validation.ts; identity/overviews/route-schemas.ts → identity/route-schemas.ts; identity/overviews/route-schemas.ts → identity/security-log-schemas.ts; identity/overviews/routes.ts → identity/list-params.ts; identity/overviews/routes.ts → identity/route-schemas.ts; identity/overviews/routes.ts → identity/scope.ts; identity/overviews/routes.ts → identity/security-log-query.ts; identity/overviews/routes.ts → identity/security-log-schemas.ts; identity/overviews/user-logs-routes.ts → identity/list-params.ts; identity/overviews/user-logs-routes.ts → identity/route-schemas.ts; identity/overviews/user-logs-routes.ts → identity/scope.ts; identity/overviews/user-logs-routes.ts → identity/security-log-query.ts; identity/overviews/user-logs-routes.ts → identity/validation.ts; identity/overviews/working-hours.ts → identity/validation.ts
    { rule: 'no-folder-cycle', from: 'server/identity/overviews', to: 'server/identity', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/overviews/reports.ts → identity/reports/workbook.ts
    { rule: 'no-folder-cycle', from: 'server/identity/overviews', to: 'server/identity/reports', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/overviews/queries.ts → identity/users/queries.ts; identity/overviews/routes.ts → identity/users/access.ts; identity/overviews/user-logs-routes.ts → identity/users/access.ts; identity/overviews/user-logs-routes.ts → identity/users/queries.ts
    { rule: 'no-folder-cycle', from: 'server/identity/overviews', to: 'server/identity/users', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/passkeys/admit.ts → identity/sign-in.ts; identity/passkeys/challenges.ts → identity/second-factor-tables.ts; identity/passkeys/store.ts → identity/second-factor-tables.ts
    { rule: 'no-folder-cycle', from: 'server/identity/passkeys', to: 'server/identity', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/reports/workbook.ts → identity/overviews/csv.ts (type)
    { rule: 'no-folder-cycle', from: 'server/identity/reports', to: 'server/identity/overviews', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/roles/claims-routes.ts → audit/audit-log.ts; identity/roles/claims-routes.ts → audit/entity-change.ts; identity/roles/routes.ts → audit/audit-log.ts; identity/roles/routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity/roles', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/roles/claims-routes.ts → identity/claim-types/route-schemas.ts; identity/roles/claims-routes.ts → identity/claim-types/value-types.ts
    { rule: 'no-folder-cycle', from: 'server/identity/roles', to: 'server/identity/claim-types', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/roles/routes.ts → identity/users/rules.ts
    { rule: 'no-folder-cycle', from: 'server/identity/roles', to: 'server/identity/users', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/users/action-routes.ts → audit/audit-log.ts; identity/users/action-routes.ts → audit/entity-change.ts; identity/users/routes.ts → audit/audit-log.ts; identity/users/routes.ts → audit/entity-change.ts; identity/users/session-routes.ts → audit/audit-log.ts; identity/users/session-routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/identity/users', to: 'server/audit', why: 'identity writes the audit log (right direction); the cycle closes through audit>identity' },
    // identity/users/action-routes.ts → identity/roles/queries.ts; identity/users/action-routes.ts → identity/roles/route-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/identity/users', to: 'server/identity/roles', why: 'identity\'s sub-folders (users, roles, claim-types, overviews, reports, passkeys, authenticator) and its root import each other: make the root hold what they share (records, scope, refusals) and let only identity/index.ts import the sub-folders' },
    // identity/users/action-routes.ts → oidc/grant-revocation.ts; identity/users/routes.ts → oidc/grant-revocation.ts; identity/users/session-routes.ts → oidc/grant-revocation.ts
    { rule: 'no-folder-cycle', from: 'server/identity/users', to: 'server/oidc', why: 'identity revokes grants (oidc/grant-revocation.ts) while oidc signs in through identity: move grant revocation (a delete of oidc_grants and its NOTIFY) to identity, or pass it into identity\'s routes' },
    // identity/users/routes.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/identity/users', to: 'server/settings', why: 'identity reads settings (password rules, second factor, sign-in) while settings\' routes take identity\'s shared route schemas (being reworked): move those schema parts to server/http' },
    // ingest/device-directory.ts → alarms/evaluate.ts (type); ingest/fix-events.ts → alarms/dispatch.ts (type); ingest/fix-events.ts → alarms/place.ts; ingest/offline.ts → alarms/dispatch.ts; ingest/pipeline.ts → alarms/dispatch.ts; ingest/pipeline.ts → alarms/evaluate.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/alarms', why: 'server/alarms is being reworked: the ingest evaluates alarms (calls alarms/evaluate and dispatch); the cycle closes through alarms → ingest/tables (types) and geocoding/sms; break it there' },
    // ingest/osmand-routes.ts → commands/command-log.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/commands', why: 'closes through commands → sms → alarms → ingest (alarms being reworked); goes with the alarms fixes' },
    // ingest/index.ts → geocoding/reverse.ts
    { rule: 'no-folder-cycle', from: 'server/ingest', to: 'server/geocoding', why: 'closes through geocoding → alarms → ingest (alarms being reworked); goes with the alarms fixes' },
    // languages/route-schemas.ts → abp/schema-parts.ts
    { rule: 'no-folder-cycle', from: 'server/languages', to: 'server/abp', why: 'languages/route-schemas.ts uses abp/schema-parts.ts (route schemas being reworked): move schema-parts to server/http' },
    // languages/language-routes.ts → schema-engine/write-checks.ts
    { rule: 'no-folder-cycle', from: 'server/languages', to: 'server/schema-engine', why: 'language routes use the schema engine\'s write checks (right direction); closes through the identity knot' },
    // languages/language-routes.ts → settings/settings.ts; languages/languages.ts → settings/settings.ts
    { rule: 'no-folder-cycle', from: 'server/languages', to: 'server/settings', why: 'languages.ts reads settings (right direction); closes through settings>identity' },
    // oidc/accounts.ts → identity/user-records.ts; oidc/authenticator-sign-in-routes.ts → identity/security-log.ts; oidc/authenticator-sign-in-routes.ts → identity/sign-in.ts (type); oidc/index.ts → identity/security-log.ts; oidc/index.ts → identity/two-factor.ts; oidc/interaction-routes.ts → identity/second-step.ts; oidc/interaction-routes.ts → identity/security-log.ts; oidc/interaction-routes.ts → identity/sign-in-throttle.ts; oidc/interaction-routes.ts → identity/sign-in.ts; oidc/interaction-routes.ts → identity/two-factor.ts; oidc/passkey-sign-in-routes.ts → identity/security-log.ts; oidc/passkey-sign-in-routes.ts → identity/sign-in.ts (type)
    { rule: 'no-folder-cycle', from: 'server/oidc', to: 'server/identity', why: 'oidc signs in through identity (right direction); the cycle closes through identity>oidc' },
    // oidc/authenticator-sign-in-routes.ts → identity/authenticator/challenge.ts; oidc/interaction-routes.ts → identity/authenticator/challenge.ts
    { rule: 'no-folder-cycle', from: 'server/oidc', to: 'server/identity/authenticator', why: 'oidc signs in through identity (right direction); the cycle closes through identity>oidc' },
    // oidc/external-provider.ts → identity/overviews/queries.ts
    { rule: 'no-folder-cycle', from: 'server/oidc', to: 'server/identity/overviews', why: 'oidc signs in through identity (right direction); the cycle closes through identity>oidc' },
    // oidc/passkey-sign-in-routes.ts → identity/passkeys/admit.ts; oidc/passkey-sign-in-routes.ts → identity/passkeys/authentication.ts; oidc/passkey-sign-in-routes.ts → identity/passkeys/relying-party.ts; oidc/passkey-sign-in-routes.ts → identity/passkeys/response-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/oidc', to: 'server/identity/passkeys', why: 'oidc signs in through identity (right direction); the cycle closes through identity>oidc' },
    // 
    { rule: 'no-folder-cycle', from: 'server/permissions', to: 'server/audit', why: 'permission management writes the audit log (right direction); closes through audit>permissions' },
    // permissions/granted.ts → identity/scope.ts
    { rule: 'no-folder-cycle', from: 'server/permissions', to: 'server/identity', why: 'permissions/granted.ts scopes by tenant with identity/scope.ts, and permissions/management (routes) uses identity\'s records and rules: move scope.ts to server/http (it is request scoping) and management to its own folder' },
    // permissions/grants-cache.ts → tenancy/tenant-state.ts
    { rule: 'no-folder-cycle', from: 'server/permissions', to: 'server/tenancy', why: 'grants-cache.ts checks tenant availability (tenancy/tenant-state.ts) while tenancy uses the guard: pass the check into the cache, or move tenant-state below both' },
    // permissions/management/routes.ts → audit/audit-log.ts; permissions/management/routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/permissions/management', to: 'server/audit', why: 'permission management writes the audit log (right direction); closes through audit>permissions' },
    // permissions/management/route-schemas.ts → identity/route-schemas.ts; permissions/management/routes.ts → identity/refusals.ts; permissions/management/routes.ts → identity/route-schemas.ts; permissions/management/routes.ts → identity/scope.ts; permissions/management/routes.ts → identity/validation.ts; permissions/management/target.ts → identity/escalation-rules.ts; permissions/management/target.ts → identity/list-params.ts; permissions/management/target.ts → identity/refusals.ts; permissions/management/target.ts → identity/scope.ts; permissions/management/target.ts → identity/user-records.ts; permissions/management/target.ts → identity/validation.ts
    { rule: 'no-folder-cycle', from: 'server/permissions/management', to: 'server/identity', why: 'permissions/granted.ts scopes by tenant with identity/scope.ts, and permissions/management (routes) uses identity\'s records and rules: move scope.ts to server/http (it is request scoping) and management to its own folder' },
    // permissions/management/routes.ts → permissions/granted.ts; permissions/management/routes.ts → permissions/guard.ts; permissions/management/target.ts → permissions/granted.ts
    { rule: 'no-folder-cycle', from: 'server/permissions/management', to: 'server/permissions', why: 'permissions/management imports permissions core and identity/index.ts imports management: move management to its own folder, registered by app.ts' },
    // push/routes.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/push', to: 'server/permissions', why: 'push routes use the guard (right direction); closes through permissions>identity' },
    // resource-extensions/customers/index.ts → audit/audit-log.ts; resource-extensions/customers/prices.ts → audit/audit-log.ts
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/customers', to: 'server/audit', why: 'resource extensions write the audit log (right direction); closes through audit>identity' },
    // resource-extensions/customers/index.ts → resource-extensions/products/catalogue.ts; resource-extensions/customers/index.ts → resource-extensions/products/price-body.ts; resource-extensions/customers/index.ts → resource-extensions/products/route-schemas.ts; resource-extensions/customers/prices.ts → resource-extensions/products/catalogue.ts; resource-extensions/customers/prices.ts → resource-extensions/products/money.ts; resource-extensions/customers/prices.ts → resource-extensions/products/price-body.ts (type); resource-extensions/customers/prices.ts → resource-extensions/products/tables.ts
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/customers', to: 'server/resource-extensions/products', why: 'resource-extensions/customers and products import each other: move the shared price lookup into products only' },
    // resource-extensions/customers/index.ts → schema-engine/index.ts (type); resource-extensions/customers/index.ts → schema-engine/openapi-schemas.ts; resource-extensions/customers/index.ts → schema-engine/records.ts; resource-extensions/customers/index.ts → schema-engine/resource-model.ts; resource-extensions/customers/index.ts → schema-engine/scoping.ts; resource-extensions/customers/index.ts → schema-engine/write-checks.ts; resource-extensions/customers/prices.ts → schema-engine/index.ts (type); resource-extensions/customers/prices.ts → schema-engine/resource-model.ts (type)
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/customers', to: 'server/schema-engine', why: 'resource extensions hook the schema engine (right direction); closes through the identity knot' },
    // resource-extensions/products/index.ts → audit/audit-log.ts
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/products', to: 'server/audit', why: 'resource extensions write the audit log (right direction); closes through audit>identity' },
    // resource-extensions/products/index.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/products', to: 'server/permissions', why: 'resource extensions use the guard (right direction); closes through permissions>identity' },
    // resource-extensions/products/catalogue.ts → schema-engine/index.ts (type); resource-extensions/products/catalogue.ts → schema-engine/labels.ts; resource-extensions/products/catalogue.ts → schema-engine/records.ts; resource-extensions/products/catalogue.ts → schema-engine/resource-model.ts (type); resource-extensions/products/index.ts → schema-engine/index.ts (type); resource-extensions/products/index.ts → schema-engine/records.ts; resource-extensions/products/index.ts → schema-engine/scoping.ts
    { rule: 'no-folder-cycle', from: 'server/resource-extensions/products', to: 'server/schema-engine', why: 'resource extensions hook the schema engine (right direction); closes through the identity knot' },
    // schema-engine/browser-validators.ts → permissions/guard.ts; schema-engine/index.ts → permissions/granted.ts; schema-engine/index.ts → permissions/guard.ts
    { rule: 'no-folder-cycle', from: 'server/schema-engine', to: 'server/permissions', why: 'the schema engine guards its routes (right direction); closes through permissions>identity>tenancy>schema-engine' },
    // seed/demo-billing.ts → billing/service/invoices.ts; seed/demo-billing.ts → billing/service/periods.ts; seed/demo-billing.ts → billing/service/pricing.ts
    { rule: 'no-folder-cycle', from: 'server/seed', to: 'server/billing/service', why: 'the demo seeds billing (right direction: seed is app); closes through billing>...>identity>seed (DEMO_PASSWORD)' },
    // seed/demo-accounts.ts → identity/static-roles.ts; seed/demo-accounts.ts → identity/user-records.ts; seed/demo-guard.ts → identity/passwords.ts; seed/demo-guard.ts → identity/user-records.ts; seed/demo.ts → identity/passwords.ts; seed/demo.ts → identity/static-roles.ts; seed/demo.ts → identity/user-records.ts; seed/first-admin.ts → identity/host-admin.ts; seed/first-admin.ts → identity/setup-token.ts
    { rule: 'no-folder-cycle', from: 'server/seed', to: 'server/identity', why: 'the demo seeds identity (right direction: seed is app); closes through identity>seed (DEMO_PASSWORD)' },
    // seed/demo-billing.ts → resource-extensions/products/money.ts; seed/demo-billing.ts → resource-extensions/products/tables.ts
    { rule: 'no-folder-cycle', from: 'server/seed', to: 'server/resource-extensions/products', why: 'the demo seeds products (right direction: seed is app); closes through identity>seed' },
    // seed/demo-billing.ts → schema-engine/resource-model.ts (type); seed/demo-care.ts → schema-engine/resource-model.ts (type); seed/demo-catalogue.ts → schema-engine/resource-model.ts (type); seed/demo-customers.ts → schema-engine/resource-model.ts (type); seed/demo-organizations.ts → schema-engine/resource-model.ts (type); seed/demo-texts.ts → schema-engine/resource-model.ts (type)
    { rule: 'no-folder-cycle', from: 'server/seed', to: 'server/schema-engine', why: 'the demo seeds schema resources (right direction: seed is app); closes through identity>seed' },
    // settings/index.ts → audit/audit-log-routes.ts; settings/save-settings.ts → audit/audit-log.ts; settings/save-settings.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/settings', to: 'server/audit', why: 'settings write the audit log (right direction); closes through audit>identity>settings' },
    // settings/emailing-routes.ts → identity/route-schemas.ts; settings/identity-settings-routes.ts → identity/route-schemas.ts; settings/timezone-routes.ts → identity/route-schemas.ts
    { rule: 'no-folder-cycle', from: 'server/settings', to: 'server/identity', why: 'settings\' routes take identity/route-schemas.ts (shared ABP schema parts; route schemas being reworked): move them to server/http' },
    // settings/emailing-routes.ts → permissions/host-only.ts; settings/identity-settings-routes.ts → permissions/host-only.ts; settings/timezone-routes.ts → permissions/host-only.ts
    { rule: 'no-folder-cycle', from: 'server/settings', to: 'server/permissions', why: 'settings use the guard (right direction); closes through permissions>identity>settings' },
    // sms/alarm-sms.ts → alarms/dispatch.ts; sms/alarm-sms.ts → alarms/texts.ts; sms/alarm-sms.ts → alarms/texts.ts (type)
    { rule: 'no-folder-cycle', from: 'server/sms', to: 'server/alarms', why: 'server/alarms is being reworked: sms/alarm-sms.ts belongs in alarms (it words an alarm as SMS); sms keeps the gateway' },
    // tenancy/route-schemas.ts → abp/schema-parts.ts
    { rule: 'no-folder-cycle', from: 'server/tenancy', to: 'server/abp', why: 'tenancy/route-schemas.ts uses abp/schema-parts.ts while abp\'s application configuration reads tenancy (route schemas being reworked): move schema-parts to server/http and the application configuration to the app layer' },
    // tenancy/custom-tenant-routes.ts → audit/audit-log.ts; tenancy/custom-tenant-routes.ts → audit/entity-change.ts; tenancy/feature-routes.ts → audit/audit-log.ts; tenancy/feature-routes.ts → audit/entity-change.ts; tenancy/tenant-routes.ts → audit/audit-log.ts; tenancy/tenant-routes.ts → audit/entity-change.ts
    { rule: 'no-folder-cycle', from: 'server/tenancy', to: 'server/audit', why: 'tenancy writes the audit log (right direction); closes through audit>identity' },
    // tenancy/find-tenant-routes.ts → identity/user-records.ts; tenancy/provision.ts → identity/static-roles.ts; tenancy/tenant-body.ts → identity/user-records.ts; tenancy/tenants.ts → identity/user-records.ts
    { rule: 'no-folder-cycle', from: 'server/tenancy', to: 'server/identity', why: 'tenancy normalizes names with identity/user-records.ts normalize() and provisions static roles: move normalize() below both; static roles stay in identity' },
    // tenancy/custom-tenant-routes.ts → permissions/host-only.ts; tenancy/feature-routes.ts → permissions/host-only.ts; tenancy/find-tenant-routes.ts → permissions/guard.ts; tenancy/resolve-tenant.ts → permissions/granted.ts; tenancy/tenant-routes.ts → permissions/host-only.ts
    { rule: 'no-folder-cycle', from: 'server/tenancy', to: 'server/permissions', why: 'tenancy uses the guard (right direction); closes through permissions>tenancy (grants-cache reads tenant-state)' },
    // tenancy/tenant-routes.ts → schema-engine/write-checks.ts
    { rule: 'no-folder-cycle', from: 'server/tenancy', to: 'server/schema-engine', why: 'tenancy uses the schema engine\'s write checks (right direction); closes through schema-engine>permissions>identity' },
  ];
}
