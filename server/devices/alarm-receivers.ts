import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { invalid } from '../http/body-validation';
import { normalize } from '../identity/user-records';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import { isUniqueViolation } from '../db/constraint-errors';
import { receiverInviteMail } from './invite-mail';
import { receiverDto } from './receiver-dto';
import { requireOwnDevice, type Owner } from './scope';
import { languageOfUser } from '../languages/user-language';

/** More receivers than this per device is a mistake, not a care plan (and would be a mail cannon). */
export const MAX_RECEIVERS_PER_DEVICE = 20;

const emailProblem = (lang: string, key: string, values: Record<string, string | number> = {}) =>
  invalid(lang, [{ message: translate(`devices:errors.${key}`, lang, values), members: ['email'] }]);

const fullName = (user: { name: string; surname: string; user_name: string }) => `${user.name} ${user.surname}`.trim() || user.user_name;

/**
 * Adds an alarm receiver to one of the owner's devices (docs/decisions/011-caregiver-devices-and-alarm-receivers.md):
 * the email must belong to an activated account of the same tenant (active and email confirmed);
 * a pending account, an unknown email, the owner's own and one already receiving are refused on
 * the email field with what to do. The receiver is written 'active' and told by mail in their own
 * language, in the same transaction.
 */
export async function inviteReceiver(db: Db, owner: Owner, input: { deviceId: string; email: string }, publicUrl: string, lang: string) {
  const device = await requireOwnDevice(db, owner, input.deviceId, lang);
  const email = input.email.trim();
  const invitee = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'surname', 'user_name', 'is_active', 'email_confirmed'])
    .where('normalized_email', '=', normalize(email))
    .where('is_deleted', '=', false)
    .where('tenant_id', owner.tenantId === null ? 'is' : '=', owner.tenantId)
    .executeTakeFirst();
  if (!invitee) throw emailProblem(lang, 'inviteeUnknown');
  if (invitee.id === owner.userId) throw emailProblem(lang, 'inviteSelf');
  if (!invitee.is_active || !invitee.email_confirmed) throw emailProblem(lang, 'inviteePending');

  const existing = await db.selectFrom('device_alarm_receivers').select(['email']).where('device_id', '=', device.id).execute();
  if (existing.some((r) => normalize(r.email) === normalize(invitee.email))) throw emailProblem(lang, 'alreadyReceiver');
  if (existing.length >= MAX_RECEIVERS_PER_DEVICE) throw emailProblem(lang, 'tooManyReceivers', { count: MAX_RECEIVERS_PER_DEVICE });

  const inviter = await db.selectFrom('users').select(['name', 'surname', 'user_name']).where('id', '=', owner.userId).executeTakeFirstOrThrow();
  const language = await languageOfUser(db, invitee.id, owner.tenantId);
  const receiverName = fullName(invitee);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('device_alarm_receivers')
        .values({
          id: randomUUID(),
          tenant_id: owner.tenantId,
          device_id: device.id,
          user_id: invitee.id,
          email: invitee.email,
          name: receiverName,
          language,
          status: 'active',
          invited_by_user_id: owner.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueMail(
        trx,
        receiverInviteMail({ to: invitee.email, language, receiverName, inviterName: fullName(inviter), deviceName: device.name, url: `${publicUrl}/`, tenantId: owner.tenantId }),
      );
      return inserted;
    });
    kickMail();
    return receiverDto(row);
  } catch (err) {
    // The same person added twice at once: the unique index lets one through.
    if (isUniqueViolation(err)) throw emailProblem(lang, 'alreadyReceiver');
    throw err;
  }
}
