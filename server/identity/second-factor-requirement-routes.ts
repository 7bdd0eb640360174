import { POLICIES } from '../../common/policies';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import type { Db } from '../db/database';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { type Api, pathParams, UUID_STRING } from '../http/route-schemas';
import { translate } from '../localization/texts';
import { refuseTenantUsers } from '../permissions/host-only';
import { saveSettings } from '../settings/save-settings';
import { readSettings } from '../settings/settings';
import { findScopedRole } from './roles/queries';
import { entityNotFound, scopeOf } from '../multitenancy/scope';
import { REQUIRE_SECOND_FACTOR } from './second-factor-requirement';

const SETTING_PATH = '/api/setting-management/second-factor';
const ROLE_PATH = '/api/identity/roles/:id/second-factor';

const REQUIREMENT = { type: 'object', properties: { requireSecondFactor: { type: 'boolean' } }, required: ['requireSecondFactor'], additionalProperties: false } as const;
const ROLE_REQUIREMENT = {
  type: 'object',
  properties: { roleId: UUID_STRING, requireSecondFactor: { type: 'boolean' } },
  required: ['roleId', 'requireSecondFactor'],
} as const;
/** A malformed id is a 400 naming it. */
const ID_PARAMS = pathParams({ id: UUID_STRING });
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE } as const;

const fieldLabel = (member: string, lang: string) => translate(`security:fields.${member}`, lang);

/**
 * Requiring a second factor (issue 15 item 6): for a whole tenant (the setting
 * Vigil.Identity.RequireSecondFactor, kept like the password and lockout rules: the host's
 * administrators set it for the host or, with `__tenant`, for a tenant), and per role (anyone who
 * may edit the tenant's roles). A user covered who has neither a passkey nor the authenticator
 * app is asked for a mailed code after the password (server/identity/second-step.ts).
 */
export async function secondFactorRequirementRoutes(app: Api, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['settings'];
  const current = async (tenantId: string | null) => ({ requireSecondFactor: (await readSettings(db, tenantId))[REQUIRE_SECOND_FACTOR] === 'true' });

  app.get(
    SETTING_PATH,
    { config: { policy: POLICIES.identitySettings }, preValidation: refuseTenantUsers, schema: { tags, summary: 'Whether the tenant (or host) requires a second factor', response: { 200: REQUIREMENT, ...REFUSALS } } },
    async (request) => current(request.tenantId),
  );

  app.put(
    SETTING_PATH,
    {
      config: { policy: POLICIES.identitySettings, fieldLabel },
      preValidation: refuseTenantUsers,
      schema: { tags, summary: 'Require a second factor of every user of the tenant (or host)', body: REQUIREMENT, response: { 200: REQUIREMENT, ...REFUSALS } },
    },
    async (request) => {
      const { requireSecondFactor } = request.body;
      await saveSettings(db, request, { [REQUIRE_SECOND_FACTOR]: String(requireSecondFactor) });
      return current(request.tenantId);
    },
  );

  const roleOf = async (request: Parameters<typeof scopeOf>[0], id: string) => {
    const role = await findScopedRole(db, scopeOf(request), id);
    if (!role) throw entityNotFound(request);
    const row = await db.selectFrom('roles').select('require_second_factor').where('id', '=', role.id).executeTakeFirstOrThrow();
    return { role, required: row.require_second_factor };
  };

  app.get(
    ROLE_PATH,
    {
      config: { policy: POLICIES.roles, fieldLabel },
      schema: { tags: ['identity'], summary: 'Whether a role requires a second factor of its members', params: ID_PARAMS, response: { 200: ROLE_REQUIREMENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const { role, required } = await roleOf(request, request.params.id);
      return { roleId: role.id, requireSecondFactor: required };
    },
  );

  app.put(
    ROLE_PATH,
    {
      config: { policy: `${POLICIES.roles}.Update`, fieldLabel },
      schema: { tags: ['identity'], summary: 'Require a second factor of a role’s members', params: ID_PARAMS, body: REQUIREMENT, response: { 200: ROLE_REQUIREMENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const { requireSecondFactor } = request.body;
      const { role, required } = await roleOf(request, request.params.id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('roles').set({ require_second_factor: requireSecondFactor }).where('id', '=', role.id).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityRole', role.id, { requireSecondFactor: required }, { requireSecondFactor })] });
      });
      return { roleId: role.id, requireSecondFactor };
    },
  );
}
