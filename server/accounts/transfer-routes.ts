import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { FEATURES } from '../../common/features';
import { joinFullName } from '../../common/caregiver-account';
import { POLICIES } from '../../common/policies';
import { hasDefaultPaymentCard, transferBillingOwnership } from '../billing/account-status';
import type { Db } from '../db/database';
import { badRequest, forbidden } from '../http/errors';
import { limitMail } from '../http/mail-limits';
import { endSessions } from '../identity/grant-revocation';
import { normalize } from '../identity/user-records';
import { translate } from '../localization/texts';
import { kickMail, queueMail } from '../mail';
import type { ModuleContext } from '../module-context';
import { featureValues } from '../tenancy/features';
import { callerAccount, type CallerAccount } from './caller';
import { accountMail } from './mails';
import type { Api } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { ACCEPTED_MESSAGE, NO_CONTENT, NOT_FOUND, RECIPIENT_PARAMS, TOO_MANY, TRANSFER_DONE, TRANSFER_OFFER, TRANSFER_PARAMS } from './profile-route-schemas';
import { languageOfUser } from './user-language';
import { hashToken, hoursFromNow, linkRefusal, newToken, TRANSFER_TOKEN_HOURS, unknownLink } from './tokens';

const BASE = '/api/plugandplay/profile';
const READ = POLICIES.account;
const UPDATE = `${POLICIES.account}.Update`;
const tags = ['account'];

async function ownedDeviceCount(db: Db, userId: string, tenantId: string | null): Promise<number> {
  const row = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_user_id', '=', userId)
    .where(tenantId === null ? (eb) => eb('tenant_id', 'is', null) : (eb) => eb('tenant_id', '=', tenantId))
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The transfer a link names, addressed to the caller, with the reason it can no longer be used if so. */
async function transferForRecipient(db: Db, request: FastifyRequest, { id, token }: { id: string; token: string }, recipient: CallerAccount, lock = false) {
  const lang = request.language;
  const transfer = isUuid(id)
    ? await db
        .selectFrom('account_transfers')
        .innerJoin('users', 'users.id', 'account_transfers.sender_user_id')
        .select(['account_transfers.id', 'account_transfers.status', 'account_transfers.expires_time', 'account_transfers.sender_user_id', 'account_transfers.recipient_user_id', 'account_transfers.tenant_id', 'users.name', 'users.surname', 'users.email'])
        .where('account_transfers.id', '=', id)
        .where('account_transfers.token_hash', '=', hashToken(token))
        .$if(lock, (qb) => qb.forUpdate())
        .executeTakeFirst()
    : undefined;
  // Another person's link is as unknown as a made-up one.
  if (!transfer || transfer.recipient_user_id !== recipient.id || transfer.status === 'cancelled') throw unknownLink('transfer', lang);
  const refusal = linkRefusal('transfer', { used: transfer.status === 'accepted', expires_time: transfer.expires_time }, lang);
  if (refusal) throw refusal;
  return transfer;
}

/**
 * Account transfer (SPEC sections 4 and 6): the sender invites another active account of the same
 * tenant by its e-mail, user name or user id (`transfer-user-1/{recipient}`), hearing the same
 * answer whether or not such an account exists (docs/decisions/027-mail-abuse.md); the recipient opens
 * the mailed link and accepts (`transfer-user-2/{transferId}/{token}`), which needs a default
 * payment card. Accepting moves the sender's watches, safe zones and billing to the recipient in
 * one transaction and ends the sender's sessions, so the sender signs in again.
 */
export async function transferRoutes(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, config } = ctx;

  app.post(`${BASE}/transfer-user-1/:recipient`,
    { config: { policy: UPDATE }, schema: { tags, summary: 'Offer the caller\'s account to another account', params: RECIPIENT_PARAMS, response: { 202: ACCEPTED_MESSAGE, ...TOO_MANY } } },
    async (request, reply) => {
    const lang = request.language;
    const sender = await callerAccount(db, request);
    const wanted = request.params.recipient.trim().slice(0, 256);
    if (!wanted) throw badRequest(translate('profile:transfer.recipientMissing', lang), undefined, 'Vigil:Validation');
    const recipient = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'surname', 'is_active'])
      .where(sender.tenant_id === null ? (eb) => eb('tenant_id', 'is', null) : (eb) => eb('tenant_id', '=', sender.tenant_id))
      .where('is_deleted', '=', false)
      .where((eb) =>
        isUuid(wanted) ? eb('id', '=', wanted) : eb.or([eb('normalized_email', '=', normalize(wanted)), eb('normalized_user_name', '=', normalize(wanted))]),
      )
      .executeTakeFirst();
    // The caller's own account is the caller's to know about.
    if (recipient?.id === sender.id) throw badRequest(translate('profile:transfer.self', lang), undefined, 'Vigil:TransferToSelf');
    await limitMail(db, request, reply, [recipient?.email ?? wanted]);
    // Only an active account is invited; anyone else gets an invitation to nobody, so the answer (and the page) is the same.
    const invitee = recipient?.is_active ? recipient : undefined;

    const { token, hash } = newToken();
    const id = randomUUID();
    const expires = hoursFromNow(TRANSFER_TOKEN_HOURS);
    const recipientLanguage = invitee ? await languageOfUser(db, invitee.id, sender.tenant_id) : lang;
    await db.transaction().execute(async (trx) => {
      // One pending transfer per sender: a new invitation replaces the previous one and its link.
      await trx.updateTable('account_transfers').set({ status: 'cancelled' }).where('sender_user_id', '=', sender.id).where('status', '=', 'pending').execute();
      await trx
        .insertInto('account_transfers')
        .values({ id, tenant_id: sender.tenant_id, sender_user_id: sender.id, recipient_user_id: invitee?.id ?? null, recipient_label: wanted, token_hash: hash, expires_time: expires })
        .execute();
      if (!invitee) return;
      // At the offer: the account page scrolls to it (the anchor where the page is already loaded).
      const link = `${config.publicUrl}/account?transfer=${id}&token=${encodeURIComponent(token)}#account-transfer`;
      const values = { name: joinFullName(invitee.name, invitee.surname), sender: joinFullName(sender.name, sender.surname), senderEmail: sender.email, days: TRANSFER_TOKEN_HOURS / 24 };
      await queueMail(trx, { ...accountMail('transfer', recipientLanguage, invitee.email, values, { link }), tenantId: sender.tenant_id });
    });
    if (invitee) kickMail();
    // The same answer whether or not the recipient exists: no name, no address, no state.
    return reply.status(202).send({ message: translate('profile:transfer.sent', lang) });
  });

  app.delete(`${BASE}/transfer-user-1`, { config: { policy: UPDATE }, schema: { tags, summary: "Withdraw the caller's pending transfer offer", response: { ...NO_CONTENT, ...NOT_FOUND } } }, async (request, reply) => {
    const sender = await callerAccount(db, request);
    await db.updateTable('account_transfers').set({ status: 'cancelled' }).where('sender_user_id', '=', sender.id).where('status', '=', 'pending').execute();
    return reply.status(204).send();
  });

  app.get(
    `${BASE}/transfer-user-2/:id/:token`,
    { config: { policy: READ }, schema: { tags, summary: 'The transfer offer a link names', params: TRANSFER_PARAMS, response: { 200: TRANSFER_OFFER } } },
    async (request) => {
    const recipient = await callerAccount(db, request);
    const transfer = await transferForRecipient(db, request, request.params, recipient);
    return {
      id: transfer.id,
      senderName: joinFullName(transfer.name, transfer.surname),
      senderEmail: transfer.email,
      deviceCount: await ownedDeviceCount(db, transfer.sender_user_id, transfer.tenant_id),
      expiresTime: transfer.expires_time,
    };
  });

  app.post(
    `${BASE}/transfer-user-2/:id/:token`,
    { config: { policy: UPDATE }, schema: { tags, summary: 'Accept a transfer offer (moves the watches to the caller)', params: TRANSFER_PARAMS, response: { 200: TRANSFER_DONE } } },
    async (request) => {
    const lang = request.language;
    const recipient = await callerAccount(db, request);
    const result = await db.transaction().execute(async (trx) => {
      // Locked, so a double-clicked accept moves the watches once and the second click hears "already used".
      const transfer = await transferForRecipient(trx, request, request.params, recipient, true);
      if (!(await hasDefaultPaymentCard(trx, recipient.id))) throw forbidden(translate('profile:transfer.noCard', lang), 'Vigil:NoPaymentMethod');
      // The recipient's row locked as adding a watch locks it, so an add meanwhile is counted.
      await trx.selectFrom('users').select('id').where('id', '=', recipient.id).forUpdate().executeTakeFirst();
      const moving = await ownedDeviceCount(trx, transfer.sender_user_id, transfer.tenant_id);
      const owned = await ownedDeviceCount(trx, recipient.id, transfer.tenant_id);
      const max = Number((await featureValues(trx, transfer.tenant_id))[FEATURES.maxDevicesPerAccount.name]);
      // The refusal says why, in numbers, and what to do about it.
      if (moving > 0 && owned + moving > max) {
        throw forbidden(translate('profile:transfer.deviceCap', lang, { owned, moving, max, count: owned + moving - max }), 'Vigil:DeviceCap');
      }
      const tenantScope = transfer.tenant_id;
      await trx
        .updateTable('devices')
        .set({ owner_user_id: recipient.id, concurrency_stamp: randomUUID() })
        .where('owner_user_id', '=', transfer.sender_user_id)
        .where(tenantScope === null ? (eb) => eb('tenant_id', 'is', null) : (eb) => eb('tenant_id', '=', tenantScope))
        .where('is_deleted', '=', false)
        .execute();
      await trx.updateTable('geofences').set({ owner_user_id: recipient.id }).where('owner_user_id', '=', transfer.sender_user_id).where('is_deleted', '=', false).execute();
      await transferBillingOwnership(trx, transfer.sender_user_id, recipient.id);
      await trx.updateTable('account_transfers').set({ status: 'accepted', accepted_time: new Date(), device_count: moving }).where('id', '=', transfer.id).execute();
      // The sender's refresh tokens and sessions end: their next step is signing in again.
      await endSessions(trx, transfer.sender_user_id);
      const senderName = joinFullName(transfer.name, transfer.surname);
      const values = { name: senderName, recipient: joinFullName(recipient.name, recipient.surname), count: moving };
      await queueMail(trx, { ...accountMail('transferDone', await languageOfUser(trx, transfer.sender_user_id, transfer.tenant_id), transfer.email, values), tenantId: transfer.tenant_id });
      return { deviceCount: moving, senderName };
    });
    kickMail();
    return result;
  });
}
