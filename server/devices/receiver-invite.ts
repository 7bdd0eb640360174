import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { limitMail } from '../http/mail-limits';
import { normalize } from '../identity/user-records';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import { isUniqueViolation } from '../db/constraint-errors';
import { MAX_RECEIVERS_PER_DEVICE } from './alarm-receivers';
import { receiverInviteMail } from './invite-mail';
import { requireOwnDevice, type Owner } from './scope';
import { languageOfUser } from '../languages/user-language';

const emailProblem = (lang: string, key: string, values: Record<string, string | number> = {}) =>
  invalid(lang, [{ message: translate(`devices:errors.${key}`, lang, values), members: ['email'] }]);

const fullName = (user: { name: string; surname: string; user_name: string }) => `${user.name} ${user.surname}`.trim() || user.user_name;

/**
 * Adds an alarm receiver to one of the owner's devices (docs/decisions/011-caregiver-devices-and-alarm-receivers.md and
 * docs/decisions/027-mail-abuse.md). Only an activated account of the same tenant is added (active, e-mail confirmed)
 * and told by mail in its own language; the caller hears the same answer whatever the address is
 * (unknown, pending, another tenant's, already receiving, added), so the call tells nothing about
 * who has an account and shows no one's name. Refused with a reason only for what the caller
 * already knows: their own address, and a device that is full. Within the mail limits.
 */
export async function inviteReceiverNeutrally(db: Db, request: FastifyRequest, reply: FastifyReply, owner: Owner, input: { deviceId: string; email: string }, publicUrl: string) {
  const lang = request.language;
  const done = () => reply.status(202).send({ message: translate('devices:receivers.inviteSent', lang) });
  const device = await requireOwnDevice(db, owner, input.deviceId, lang);
  const email = input.email.trim();
  const inviter = await db.selectFrom('users').select(['name', 'surname', 'user_name', 'email']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
  if (normalize(inviter.email) === normalize(email)) throw emailProblem(lang, 'inviteSelf');
  const existing = await db.selectFrom('device_alarm_receivers').select(['email']).where('device_id', '=', device.id).execute();
  if (existing.some((r) => normalize(r.email) === normalize(email))) return done();
  if (existing.length >= MAX_RECEIVERS_PER_DEVICE) throw emailProblem(lang, 'tooManyReceivers', { count: MAX_RECEIVERS_PER_DEVICE });
  await limitMail(db, request, reply, [email]);

  const invitee = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'surname', 'user_name'])
    .where('normalized_email', '=', normalize(email))
    .where('is_deleted', '=', false)
    .where('is_active', '=', true)
    .where('email_confirmed', '=', true)
    .where('tenant_id', owner.tenantId === null ? 'is' : '=', owner.tenantId)
    .executeTakeFirst();
  if (!invitee) return done();
  const language = await languageOfUser(db, invitee.id, owner.tenantId);
  const receiverName = fullName(invitee);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('device_alarm_receivers')
        .values({ id: randomUUID(), tenant_id: owner.tenantId, device_id: device.id, user_id: invitee.id, email: invitee.email, name: receiverName, language, status: 'active', invited_by_user_id: owner.userId })
        .execute();
      await queueMail(
        trx,
        receiverInviteMail({ to: invitee.email, language, receiverName, inviterName: fullName(inviter), deviceName: device.name, url: `${publicUrl}/`, tenantId: owner.tenantId }),
      );
    });
    kickMail();
  } catch (err) {
    // The same person added twice at once: the unique index lets one through; the other hears the same.
    if (!isUniqueViolation(err)) throw err;
  }
  return done();
}
