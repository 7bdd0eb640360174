import type { FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { invalid } from '../http/body-validation';
import { ABP_ERROR_RESPONSE, badRequest } from '../http/errors';
import { hitRateLimit, tooManyRequests } from '../http/rate-limit';
import { acceptCode, authenticatorStatus, beginSetup, confirmSetup, renewRecoveryCodes, turnOff } from '../identity/authenticator/store';
import { otpauthUri } from '../identity/authenticator/totp';
import { verifyPassword } from '../identity/passwords';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import type { Api } from '../http/route-schemas';
import { AUTHENTICATED } from '../permissions/guard';
import { CODE_BODY, DISABLE_BODY, RECOVERY_CODES, REFUSALS, SETUP, SETUP_BODY, STATUS } from './authenticator-route-schemas';
import { callerAccount } from './caller';
import { confirmPassword } from './password-confirmation';
import { securityLabel as fieldLabel } from './bodies';

const BASE = '/api/account/authenticator';
const tags = ['account'];
/** Codes and passwords one user may try here in a window (the sign-in's own limits are separate). */
const CHECKS_PER_WINDOW = 10;
const WINDOW_SECONDS = 300;


/**
 * The signed-in user's authenticator app (TOTP, RFC 6238) as a second factor: its state; setting it
 * up with the current password (a secret, as a QR code of its otpauth:// URI and as text); confirming it with a first code,
 * which turns it on and gives ten one-time recovery codes (shown this once, kept hashed); new
 * recovery codes; turning it off with a current code or the password. Codes and passwords are
 * limited per user. At sign-in the app's code then replaces the mailed one.
 */
export async function authenticatorRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db } = ctx;

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const hit = await hitRateLimit(db, `authenticator:${request.principal!.userId}`, CHECKS_PER_WINDOW, WINDOW_SECONDS);
    if (!hit.allowed) {
      reply.header('retry-after', String(hit.retryAfter));
      throw tooManyRequests(request.language);
    }
  };
  const wrong = (lang: string, member: 'code' | 'password') =>
    invalid(lang, [{ members: [member], message: translate(member === 'code' ? 'security:authenticator.errors.wrongCode' : 'security:authenticator.errors.wrongPassword', lang) }]);
  const audit = (request: FastifyRequest, status: number, before: boolean, after: boolean) =>
    writeAuditLog(db, request, { status, entityChanges: [describeChange('UserAuthenticator', request.principal!.userId, { isEnabled: before }, { isEnabled: after })] });

  app.get(BASE, { config: { policy: AUTHENTICATED }, schema: { tags, summary: 'Whether the signed-in user has the authenticator app on', response: { 200: STATUS, 401: ABP_ERROR_RESPONSE } } }, async (request) =>
    authenticatorStatus(db, request.principal!.userId),
  );

  app.post(
    `${BASE}/setup`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Begin setting up the authenticator app with the current password: its secret and QR code', body: SETUP_BODY, response: { 200: SETUP, ...REFUSALS } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { password } = request.body;
      await limit(request, reply);
      const user = await callerAccount(db, request);
      await confirmPassword(db, request, reply, user, password);
      const secret = await beginSetup(db, { id: user.id, tenantId: user.tenant_id });
      if (!secret) throw badRequest(translate('security:authenticator.errors.alreadyOn', lang), undefined, 'Vigil:AuthenticatorOn');
      const uri = otpauthUri(secret, user.user_name);
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      reply.header('cache-control', 'no-store');
      return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
  );

  app.post(
    `${BASE}/enable`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Turn the authenticator app on with its first code: ten recovery codes, shown once', body: CODE_BODY, response: { 200: RECOVERY_CODES, ...REFUSALS } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { code } = request.body;
      await limit(request, reply);
      const user = await callerAccount(db, request);
      const result = await confirmSetup(db, { id: user.id, tenantId: user.tenant_id }, code);
      if (!result.ok && result.reason === 'missing') throw badRequest(translate('security:authenticator.errors.notSetUp', lang), undefined, 'Vigil:AuthenticatorNotSetUp');
      if (!result.ok) throw wrong(lang, 'code');
      await audit(request, 200, false, true);
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    `${BASE}/recovery-codes`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'New recovery codes for a current code (the old ones stop working)', body: CODE_BODY, response: { 200: RECOVERY_CODES, ...REFUSALS } },
    },
    async (request, reply) => {
      const lang = request.language;
      const { code } = request.body;
      await limit(request, reply);
      const user = await callerAccount(db, request);
      if (!(await authenticatorStatus(db, user.id)).isEnabled) throw badRequest(translate('security:authenticator.errors.notOn', lang), undefined, 'Vigil:AuthenticatorOff');
      if (!(await acceptCode(db, user.id, code))) throw wrong(lang, 'code');
      const recoveryCodes = await renewRecoveryCodes(db, { id: user.id, tenantId: user.tenant_id });
      await writeAuditLog(db, request, { status: 200, entityChanges: [describeChange('UserRecoveryCodes', user.id, { count: 'old' }, { count: recoveryCodes.length })] });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );

  app.post(
    `${BASE}/disable`,
    {
      config: { policy: AUTHENTICATED, fieldLabel },
      schema: { tags, summary: 'Turn the authenticator app off with a current code or the password', body: DISABLE_BODY, response: { 204: { type: 'null' }, ...REFUSALS } },
    },
    async (request, reply) => {
      const lang = request.language;
      const body = request.body;
      if (!body.code && !body.password) throw invalid(lang, [{ members: ['code'], message: translate('security:authenticator.errors.codeOrPassword', lang) }]);
      await limit(request, reply);
      const user = await callerAccount(db, request);
      if (!(await authenticatorStatus(db, user.id)).isEnabled) throw badRequest(translate('security:authenticator.errors.notOn', lang), undefined, 'Vigil:AuthenticatorOff');
      if (body.code !== undefined ? !(await acceptCode(db, user.id, body.code)) : !(await verifyPassword(body.password!, user.password_hash))) {
        throw wrong(lang, body.code !== undefined ? 'code' : 'password');
      }
      await turnOff(db, user.id);
      await audit(request, 204, true, false);
      return reply.status(204).send();
    },
  );
}
