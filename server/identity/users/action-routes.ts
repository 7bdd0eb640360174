import { randomUUID } from 'node:crypto';
import { POLICIES } from '../../../common/policies';
import { writeAuditLog } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import { forbidden } from '../../http/errors';
import { translate } from '../../localization/texts';
import { describeChange } from '../../audit/entity-change';
import { assertMayManageUser, keepingHostAdmin } from '../escalation-rules';
import { endSessions } from '../grant-revocation';
import { setPassword } from '../set-password';
import { forgetLogins } from '../sign-in-throttle';
import { roleDto, roleListQuery } from '../roles/queries';
import { invalid, problem } from '../validation';
import { NEW_PASSWORD_BODY, ROLE_NAMES_BODY } from './bodies';
import { type Api, ID_PARAMS, listResult, NO_CONTENT, pathParams, RECORD_ID } from '../../http/route-schemas';
import { ROLE } from '../roles/route-schemas';
import { USER, USER_TAGS as tags, USER_UNIT } from './route-schemas';
import { setUserRoles } from './commands';
import { isLockedOut, roleNamesByUser } from './queries';
import { resolveRoleNames } from './rules';
import { assertHandOut, requireUser, userDto } from './access';

const P = POLICIES.identityUsers;

/**
 * What is done to one user beside editing it: roles (GET/PUT /{id}/roles, /assignable-roles),
 * organization units, lock and unlock, two-factor, and a password set by an administrator.
 */
export async function userActionRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  const roleList = { 200: listResult(ROLE) } as const;

  app.get('/api/identity/users/assignable-roles', { config: { policy: P }, schema: { tags, summary: 'The roles a user can be given', response: roleList } }, async (request) => {
    const rows = await roleListQuery(db, { tenantId: request.tenantId, all: false }).selectAll('r').orderBy('r.name').execute();
    return { items: rows.map(roleDto) };
  });

  app.get('/api/identity/users/:id/roles', { config: { policy: P }, schema: { tags, summary: "A user's direct roles", params: ID_PARAMS, response: roleList } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const rows = await db
      .selectFrom('roles as r')
      .innerJoin('user_roles as ur', 'ur.role_id', 'r.id')
      .selectAll('r')
      .where('ur.user_id', '=', user.id)
      .orderBy('r.name')
      .execute();
    return { items: rows.map(roleDto) };
  });

  app.put('/api/identity/users/:id/roles',
    { config: { policy: `${P}.Update` }, schema: { tags, summary: "Set a user's direct roles", params: ID_PARAMS, body: ROLE_NAMES_BODY, response: NO_CONTENT } }, async (request, reply) => {
    const lang = request.language;
    const user = await requireUser(db, request, request.params.id);
    const { roleNames } = request.body;
    await assertMayManageUser(db, request, user);
    const { roles, problems } = await resolveRoleNames(db, user.tenant_id, roleNames, lang);
    if (problems.length) throw invalid(lang, problems);
    await assertHandOut(db, request, user.tenant_id, user.id, roles, []);
    const before = (await roleNamesByUser(db, [user.id])).get(user.id) ?? [];
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, user.tenant_id, { targetUserId: user.id, change: 'roles' }, () => setUserRoles(trx, user.id, user.tenant_id, roles.map((r) => r.id)));
      await trx.updateTable('users').set({ concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
      const after = roles.map((r) => r.name).sort();
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', user.id, { roleNames: before }, { roleNames: after })] });
    });
    return reply.status(204).send();
  });

  app.get('/api/identity/users/:id/organization-units',
    { config: { policy: P }, schema: { tags, summary: 'The organization units a user is a member of', params: ID_PARAMS, response: { 200: { type: 'array', items: USER_UNIT } } } }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const rows = await db
      .selectFrom('organization_units as ou')
      .innerJoin('user_organization_units as m', 'm.organization_unit_id', 'ou.id')
      .select(['ou.id', 'ou.parent_id', 'ou.code', 'ou.display_name'])
      .where('m.user_id', '=', user.id)
      .orderBy('ou.code')
      .execute();
    return rows.map((r) => ({ id: r.id, parentId: r.parent_id, code: r.code, displayName: r.display_name }));
  });

  app.put('/api/identity/users/:id/lock/:lockoutEnd',
    {
      config: { policy: `${P}.Update` },
      schema: { tags, summary: 'Lock a user out until a time in the future', params: pathParams({ id: RECORD_ID, lockoutEnd: { type: 'string', format: 'date-time' } }), response: NO_CONTENT },
    }, async (request, reply) => {
    const lang = request.language;
    const user = await requireUser(db, request, request.params.id);
    const end = new Date(request.params.lockoutEnd);
    if (end.getTime() <= Date.now()) throw invalid(lang, [problem('lockoutEnd', 'identity.lockoutEndInPast', lang)]);
    if (user.id === request.principal!.userId) throw forbidden(translate('identity.cannotLockSelf', lang), 'Vigil:Identity.CannotLockSelf');
    if (!user.lockout_enabled) throw forbidden(translate('identity.lockoutNotEnabled', lang), 'Vigil:Identity.LockoutNotEnabled');
    await assertMayManageUser(db, request, user);
    await db.transaction().execute(async (trx) => {
      await keepingHostAdmin(trx, user.tenant_id, { targetUserId: user.id, change: 'lock' }, async () => {
        await trx.updateTable('users').set({ lockout_end: end, concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
      });
      await endSessions(trx, user.id);
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', user.id, { lockoutEnd: user.lockout_end }, { lockoutEnd: end })] });
    });
    return reply.status(204).send();
  });

  app.put('/api/identity/users/:id/unlock', { config: { policy: `${P}.Update` }, schema: { tags, summary: 'Unlock a user', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const user = await requireUser(db, request, request.params.id);
    await assertMayManageUser(db, request, user);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ lockout_end: null, access_failed_count: 0, concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
      // Also lifts the sign-in throttle of the user's names, from every address.
      await forgetLogins(trx, [user.normalized_user_name, user.normalized_email, ...(user.phone_number_login_enabled && user.phone_number ? [user.phone_number] : [])]);
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('IdentityUser', user.id, { lockoutEnd: user.lockout_end, isLockedOut: isLockedOut(user) }, { lockoutEnd: null, isLockedOut: false })] });
    });
    return reply.status(204).send();
  });

  app.put('/api/identity/users/:id/two-factor/:enabled',
    {
      config: { policy: `${P}.Update` },
      schema: { tags, summary: "Turn a user's two-factor sign-in on or off", params: pathParams({ id: RECORD_ID, enabled: { type: 'boolean' } }), response: { 200: USER } },
    }, async (request) => {
    const user = await requireUser(db, request, request.params.id);
    const { enabled } = request.params;
    await assertMayManageUser(db, request, user);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ two_factor_enabled: enabled, concurrency_stamp: randomUUID() }).where('id', '=', user.id).execute();
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('IdentityUser', user.id, { twoFactorEnabled: user.two_factor_enabled }, { twoFactorEnabled: enabled })] });
    });
    return userDto(db, { ...user, two_factor_enabled: enabled });
  });

  app.put('/api/identity/users/:id/change-password',
    { config: { policy: `${P}.Update` }, schema: { tags, summary: "Set a user's password", params: ID_PARAMS, body: NEW_PASSWORD_BODY, response: NO_CONTENT } }, async (request, reply) => {
    const user = await requireUser(db, request, request.params.id);
    const { newPassword } = request.body;
    await assertMayManageUser(db, request, user);
    await setPassword(db, request, user, newPassword, 'administrator');
    return reply.status(204).send();
  });
}
