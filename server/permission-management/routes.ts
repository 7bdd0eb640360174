import { randomUUID } from 'node:crypto';
import { isGrantableIn, isHostOnlyPolicy, POLICIES } from '../../common/policies';
import { writeAuditLog } from '../audit/audit-log';
import type { Db } from '../db/database';
import { installRefusalHandler, Refusal } from '../identity/refusals';
import { tenantIs } from '../multitenancy/scope';
import { identityLabels, invalid, problem } from '../identity/validation';
import { describeChange } from '../audit/entity-change';
import { grantedPolicies } from '../permissions/granted';
import { anyOf } from '../permissions/guard';
import { parentOfIn, permissionTree } from './tree';
import { resolveTarget, type Target } from './target';
import { type Api, NO_CONTENT } from '../http/route-schemas';
import { PERMISSION_LIST, TARGET_NOT_FOUND, TARGET_QUERY, UPDATE_BODY } from './route-schemas';

const POLICY = anyOf(`${POLICIES.roles}.ManagePermissions`, `${POLICIES.identityUsers}.ManagePermissions`);

/** A permission's 'name' is the permission's. */
const fieldLabel = identityLabels('permission');
const tags = ['permission-management'];

/** Grants of the target's own provider, and (for a user) of the user's roles. */
async function grantsOf(db: Db, target: Target) {
  const rows = await db
    .selectFrom('permission_grants')
    .select(['name', 'provider_name', 'provider_key'])
    .where(tenantIs('tenant_id', target.tenantId))
    .where((eb) =>
      eb.or([
        eb.and([eb('provider_name', '=', target.providerName), eb('provider_key', '=', target.providerKey)]),
        ...(target.providerName === 'U' && target.roleNames.length ? [eb.and([eb('provider_name', '=', 'R'), eb('provider_key', 'in', target.roleNames)])] : []),
      ]),
    )
    .execute();
  const byName = new Map<string, { providerName: string; providerKey: string }[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), { providerName: row.provider_name, providerKey: row.provider_key }]);
  return byName;
}

/**
 * ABP's permission management for roles ('R', by name) and users ('U', by id) of the acting
 * tenant. Inside a tenant the host-only policies are neither shown nor grantable. A change is
 * refused (403, logged) when it grants a policy the caller does not hold, grants a host-only
 * policy inside a tenant, or changes the caller's own user grants; a role or user of another
 * tenant is not found (404, logged).
 */
export async function permissionManagementRoutes(app: Api, opts: { db: Db; policies: readonly string[] }) {
  const { db, policies } = opts;
  // A refused escalation is logged and answered as in the identity module's own routes.
  installRefusalHandler(app, db);
  // ABP lists and grants only the permissions of the acting side (MultiTenancySide.HasFlag).
  const visible = (tenantId: string | null) => policies.filter((p) => isGrantableIn(p, tenantId));
  const known = new Set(policies);

  /**
   * ABP's dialog checks a permission's parent with it and unchecks the children with their parent
   * (permissionTree.ts); ABP's server takes what it is sent. Here a change that would leave a
   * granted permission without its parent (an action without its resource) is refused (400, nothing
   * written) rather than completed with a parent nobody sent: granting a child needs its parent
   * granted too (in the same change, already, or for a user through a role), and revoking a parent
   * needs its children revoked with it.
   */
  async function assertParentsKept(target: Target, own: ReadonlySet<string>, sent: readonly { name: string }[], grant: readonly string[], revoke: readonly string[], lang: string) {
    if (!grant.length && !revoke.length) return;
    const after = new Set([...own, ...grant].filter((n) => !revoke.includes(n)));
    // A user also holds what their roles grant (ABP shows those as granted by another provider).
    const inherited = target.providerName === 'U' ? await grantsOf(db, target) : new Map<string, { providerName: string; providerKey: string }[]>();
    const holds = (name: string) => after.has(name) || (inherited.get(name) ?? []).some((g) => g.providerName !== target.providerName);
    const member = (name: string) => `permissions[${Math.max(0, sent.findIndex((p) => p.name === name))}].name`;
    const problems = [
      ...grant.flatMap((name) => {
        const parent = parentOfIn(known, name);
        return parent && !holds(parent) ? [problem(member(name), 'permissions.parentNotGranted', lang, { name, parent })] : [];
      }),
      ...revoke.flatMap((parent) =>
        holds(parent) ? [] : [...after].filter((child) => parentOfIn(known, child) === parent).map((child) => problem(member(parent), 'permissions.childStillGranted', lang, { name: child, parent })),
      ),
    ];
    if (problems.length) throw invalid(lang, problems);
  }

  app.get(
    '/api/permission-management/permissions',
    { config: { policy: POLICY }, schema: { tags, summary: "A role's or user's permissions, by group, with who grants them", querystring: TARGET_QUERY, response: { 200: PERMISSION_LIST, ...TARGET_NOT_FOUND } } }, async (request) => {
    const target = await resolveTarget(db, request, request.query, false);
    const grants = await grantsOf(db, target);
    return {
      entityDisplayName: target.displayName,
      groups: permissionTree(visible(target.tenantId), request.language).map((group) => ({
        name: group.name,
        displayName: group.displayName,
        displayNameKey: null,
        displayNameResource: null,
        permissions: group.permissions.map((p) => ({
          name: p.name,
          displayName: p.displayName,
          parentName: p.parentName,
          isGranted: grants.has(p.name),
          allowedProviders: [],
          grantedProviders: grants.get(p.name) ?? [],
        })),
      })),
    };
    },
  );

  app.put(
    '/api/permission-management/permissions',
    { config: { policy: POLICY, fieldLabel }, schema: { tags, summary: "Grant or revoke a role's or user's permissions", querystring: TARGET_QUERY, body: UPDATE_BODY, response: { ...NO_CONTENT, ...TARGET_NOT_FOUND } } }, async (request, reply) => {
    const lang = request.language;
    const target = await resolveTarget(db, request, request.query, true);
    const { permissions } = request.body;
    // A tenant-only policy is unknown to the host (host-only ones in a tenant are refused below, logged).
    const problems = permissions.flatMap((p, i) =>
      known.has(p.name) && (target.tenantId !== null || isGrantableIn(p.name, null)) ? [] : [problem(`permissions[${i}].name`, 'permissions.unknown', lang, { name: p.name.slice(0, 64) })],
    );
    if (problems.length) throw invalid(lang, problems);

    const own = new Set(
      (
        await db
          .selectFrom('permission_grants')
          .select('name')
          .where(tenantIs('tenant_id', target.tenantId))
          .where('provider_name', '=', target.providerName)
          .where('provider_key', '=', target.providerKey)
          .execute()
      ).map((r) => r.name),
    );
    const wanted = new Map(permissions.map((p) => [p.name, p.isGranted]));
    const grant = [...wanted].filter(([name, on]) => on && !own.has(name)).map(([name]) => name);
    const revoke = [...wanted].filter(([name, on]) => !on && own.has(name)).map(([name]) => name);
    const detail = { providerName: target.providerName, providerKey: target.providerKey };

    const hostOnly = target.tenantId !== null ? permissions.filter((p) => p.isGranted && isHostOnlyPolicy(p.name)).map((p) => p.name) : [];
    if (hostOnly.length) throw new Refusal('hostOnlyPolicy', { ...detail, policies: hostOnly });
    await assertParentsKept(target, own, permissions, grant, revoke, lang);
    request.grantedPolicies ??= await grantedPolicies(db, request.principal);
    const held = request.grantedPolicies;
    const notHeld = grant.filter((name) => !held.has(name));
    if (notHeld.length) throw new Refusal('policyNotHeld', { ...detail, policies: notHeld });

    if (grant.length || revoke.length) {
      await db.transaction().execute(async (trx) => {
        if (revoke.length) {
          await trx
            .deleteFrom('permission_grants')
            .where(tenantIs('tenant_id', target.tenantId))
            .where('provider_name', '=', target.providerName)
            .where('provider_key', '=', target.providerKey)
            .where('name', 'in', revoke)
            .execute();
        }
        if (grant.length) {
          await trx
            .insertInto('permission_grants')
            .values(grant.map((name) => ({ id: randomUUID(), tenant_id: target.tenantId, name, provider_name: target.providerName, provider_key: target.providerKey })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await writeAuditLog(trx, request, {
          status: 204,
          // One property per permission: was it granted before, is it now.
          entityChanges: [
            describeChange(
              'PermissionGrant',
              `${target.providerName}:${target.providerKey}`,
              Object.fromEntries([...grant.map((n) => [n, false]), ...revoke.map((n) => [n, true])]),
              Object.fromEntries([...grant.map((n) => [n, true]), ...revoke.map((n) => [n, false])]),
            ),
          ],
        });
      });
    }
    return reply.status(204).send();
    },
  );
}
