import type { FastifyReply, FastifyRequest } from 'fastify';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { invalid } from '../http/body-validation';
import { ABP_ERROR_RESPONSE, AbpError, badRequest, notFound } from '../http/errors';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit';
import { relyingParty } from '../identity/passkeys/relying-party';
import { finishRegistration, MAX_PASSKEYS, registrationOptions } from '../identity/passkeys/registration';
import { countPasskeys, listPasskeys, removePasskey, renamePasskey, type PasskeyView } from '../identity/passkeys/store';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { type Api, NO_CONTENT } from '../http/route-schemas';
import { AUTHENTICATED } from '../permissions/guard';
import { deviceName } from './device-name';
import { callerAccount } from './caller';
import { confirmPassword } from './password-confirmation';
import { securityLabel as fieldLabel } from './bodies';
import { ID_PARAMS, OPTIONS_BODY, PASSKEY, PASSKEY_LIST, REFUSALS, REGISTER_BODY, REGISTRATION_OPTIONS, RENAME_BODY } from './passkey-route-schemas';

const BASE = '/api/account/passkeys';
const tags = ['account'];
/** Ceremonies one user may begin in a window: plenty for a person, little for a script. */
const REGISTRATIONS_PER_WINDOW = 20;
const WINDOW_SECONDS = 300;


/**
 * The signed-in user's passkeys (/account, issue 15 item 6): list them, add one (options for the
 * browser, then its answer checked and kept), rename and remove. Anyone signed in manages their own
 * and only their own: another user's passkey is a 404. Beginning to add one takes the current
 * password (server/accounts/password-confirmation.ts). Passkeys belong to PUBLIC_URL's host
 * (server/identity/passkeys/relying-party.ts).
 */
export async function passkeyRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;
  const rp = relyingParty(ctx.config);

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const hit = await hitRateLimit(db, `passkey:register:${request.principal!.userId}`, REGISTRATIONS_PER_WINDOW, WINDOW_SECONDS);
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      throw tooManyRequests(request.language);
    }
  };

  const fromOtherOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && origin !== 'null' && !rp.origins.includes(origin);
  };

  app.get(BASE, { config: { policy: AUTHENTICATED }, schema: { tags, summary: 'The signed-in user’s passkeys', response: { 200: PASSKEY_LIST, 401: ABP_ERROR_RESPONSE } } }, async (request) => {
    const items = await listPasskeys(db, request.principal!.userId);
    return { totalCount: items.length, items };
  });

  app.post(
    `${BASE}/registration-options`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Begin adding a passkey with the current password: options for navigator.credentials.create', body: OPTIONS_BODY, response: { 200: REGISTRATION_OPTIONS, ...REFUSALS, 404: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { password } = request.body;
      await limit(request, reply);
      if (fromOtherOrigin(request)) throw badRequest(translate('security:passkeys.errors.origin', lang, { url: ctx.config.publicUrl }), undefined, 'Vigil:PasskeyOrigin');
      const user = await callerAccount(db, request);
      await confirmPassword(db, request, reply, user, password);
      if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS) throw tooManyPasskeys(lang);
      const displayName = [user.name, user.surname].filter(Boolean).join(' ').trim() || user.email || user.user_name;
      return registrationOptions(db, rp, { id: user.id, tenantId: user.tenant_id, userName: user.user_name, displayName });
    },
  );

  app.post(
    BASE,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Finish adding a passkey: the browser’s answer, checked and kept', body: REGISTER_BODY, response: { 201: PASSKEY, ...REFUSALS, 404: ABP_ERROR_RESPONSE, 429: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      await limit(request, reply);
      const body = request.body;
      const user = await callerAccount(db, request);
      if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS) throw tooManyPasskeys(lang);
      const name = body.name?.trim() || deviceName(request.headers['user-agent']).description || translate('security:passkeys.defaultName', lang);
      const owner = { id: user.id, tenantId: user.tenant_id, userName: user.user_name, displayName: user.user_name };
      const result = await finishRegistration(db, rp, owner, body.response, name);
      if (!result.ok) throw invalid(lang, [{ members: ['response'], message: translate(`security:passkeys.errors.${result.reason}`, lang) }]);
      await writeAuditLog(db, request, { status: 201, entityChanges: [describeChange('UserPasskey', result.passkey.id, null, auditView(result.passkey))] });
      return reply.status(201).send(result.passkey);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Rename one of the signed-in user’s passkeys', params: ID_PARAMS, body: RENAME_BODY, response: { 200: PASSKEY, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request) => {
      const lang = request.language;
      const { id } = request.params;
      const { name } = request.body;
      const before = (await listPasskeys(db, request.principal!.userId)).find((p) => p.id === id);
      const renamed = before && (await renamePasskey(db, request.principal!.userId, id, name.trim()));
      if (!before || !renamed) throw notFound(translate('security:passkeys.errors.notFound', lang));
      await writeAuditLog(db, request, { status: 200, entityChanges: [describeChange('UserPasskey', id, auditView(before), auditView(renamed))] });
      return renamed;
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Remove one of the signed-in user’s passkeys: it no longer signs in', params: ID_PARAMS, response: { ...NO_CONTENT, ...REFUSALS, 404: ABP_ERROR_RESPONSE } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { id } = request.params;
      const removed = await removePasskey(db, request.principal!.userId, id);
      if (!removed) throw notFound(translate('security:passkeys.errors.notFound', lang));
      await writeAuditLog(db, request, { status: 204, entityChanges: [describeChange('UserPasskey', id, auditView(removed), null)] });
      return reply.status(204).send();
    },
  );
}

const tooManyPasskeys = (lang: string) => new AbpError(400, translate('security:passkeys.errors.tooMany', lang, { count: MAX_PASSKEYS }), { code: 'Vigil:TooManyPasskeys' });

const auditView = (passkey: PasskeyView) => ({ name: passkey.name, isSynced: passkey.isSynced });
