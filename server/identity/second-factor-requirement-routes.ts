import type { FastifyInstance } from 'fastify';
import { POLICIES } from '../../common/policies';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import type { Db } from '../db/database';
import { bodyValidator } from '../http/body-validation';
import { ABP_ERROR_RESPONSE } from '../http/errors';
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
  properties: { roleId: { type: 'string', format: 'uuid' }, requireSecondFactor: { type: 'boolean' } },
  required: ['roleId', 'requireSecondFactor'],
} as const;
const ID_PARAMS = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] } as const;
const REFUSALS = { 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE } as const;

const label = (member: string, lang: string) => translate(`security:fields.${member}`, lang);
const readRequirement = bodyValidator<{ requireSecondFactor: boolean }>(REQUIREMENT, { label });
const readId = bodyValidator<{ id: string }>(ID_PARAMS, { label });

/**
 * Requiring a second factor (issue 15 item 6): for a whole tenant (the setting
 * Vigil.Identity.RequireSecondFactor, kept like the password and lockout rules: the host's
 * administrators set it for the host or, with `__tenant`, for a tenant), and per role (anyone who
 * may edit the tenant's roles). A user covered who has neither a passkey nor the authenticator
 * app is asked for a mailed code after the password (server/identity/second-step.ts).
 */
export async function secondFactorRequirementRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  const { db } = opts;
  const tags = ['settings'];
  const current = async (tenantId: string | null) => ({ requireSecondFactor: (await readSettings(db, tenantId))[REQUIRE_SECOND_FACTOR] === 'true' });

  app.get(
    SETTING_PATH,
    { config: { policy: POLICIES.identitySettings }, preHandler: refuseTenantUsers, schema: { tags, summary: 'Whether the tenant (or host) requires a second factor', response: { 200: REQUIREMENT, ...REFUSALS } } },
    async (request) => current(request.tenantId),
  );

  app.put(
    SETTING_PATH,
    {
      config: { policy: POLICIES.identitySettings },
      preHandler: refuseTenantUsers,
      attachValidation: true,
      schema: { tags, summary: 'Require a second factor of every user of the tenant (or host)', body: REQUIREMENT, response: { 200: REQUIREMENT, ...REFUSALS } },
    },
    async (request) => {
      const { requireSecondFactor } = readRequirement(request.body, request.language);
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

  app.get<{ Params: { id: string } }>(
    ROLE_PATH,
    {
      config: { policy: POLICIES.roles },
      attachValidation: true,
      schema: { tags: ['identity'], summary: 'Whether a role requires a second factor of its members', params: ID_PARAMS, response: { 200: ROLE_REQUIREMENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const { id } = readId(request.params, request.language);
      const { role, required } = await roleOf(request, id);
      return { roleId: role.id, requireSecondFactor: required };
    },
  );

  app.put<{ Params: { id: string } }>(
    ROLE_PATH,
    {
      config: { policy: `${POLICIES.roles}.Update` },
      attachValidation: true,
      schema: { tags: ['identity'], summary: 'Require a second factor of a role’s members', params: ID_PARAMS, body: REQUIREMENT, response: { 200: ROLE_REQUIREMENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const lang = request.language;
      const { id } = readId(request.params, lang);
      const { requireSecondFactor } = readRequirement(request.body, lang);
      const { role, required } = await roleOf(request, id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('roles').set({ require_second_factor: requireSecondFactor }).where('id', '=', role.id).execute();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityRole', role.id, { requireSecondFactor: required }, { requireSecondFactor })] });
      });
      return { roleId: role.id, requireSecondFactor };
    },
  );
}
