import { sql } from 'kysely';
import type { Db } from '../db/database';
import { unauthorized, type AbpError } from '../http/errors';
import type { Principal } from '../http/request-context';
import { translate } from '../localization/texts';
import { ACCOUNT_TRANSFERRED_CODE, joinFullName } from '../../common/caregiver-account';

/**
 * Why a refused token's sign-in ended, when it was an account transfer: the sender's account was
 * handed over since they last signed in (accepting ends the sender's sign-ins). The token is
 * verified, so this tells its own holder only.
 */
export async function transferEndedSignIn(db: Db, principal: Principal, lang: string): Promise<AbpError | null> {
  const row = await db
    .selectFrom('account_transfers')
    .innerJoin('users', 'users.id', 'account_transfers.sender_user_id')
    .select('account_transfers.id')
    .where('account_transfers.sender_user_id', '=', principal.userId)
    .where('account_transfers.status', '=', 'accepted')
    .where(sql<boolean>`account_transfers.accepted_time > coalesce(users.last_sign_in_time, 'epoch'::timestamptz)`)
    .executeTakeFirst();
  return row ? unauthorized(translate('profile:transfer.sessionEnded', lang), ACCOUNT_TRANSFERRED_CODE) : null;
}

/**
 * What the account page shows of transfers: the caller's own outgoing one, named by what the
 * sender typed (whether it reached an account is not told: docs/decisions/027-mail-abuse.md) (pending, or accepted
 * since the sender last signed in, which is when the sender must sign in again) and the pending
 * ones addressed to the caller.
 */
export async function transferState(db: Db, user: { id: string; last_sign_in_time: Date | null }) {
  const now = new Date();
  const [outgoing, incoming] = await Promise.all([
    db
      .selectFrom('account_transfers')
      .select(['account_transfers.id', 'account_transfers.status', 'account_transfers.expires_time', 'account_transfers.accepted_time', 'account_transfers.recipient_label'])
      .where('account_transfers.sender_user_id', '=', user.id)
      .where((eb) =>
        eb.or([
          eb.and([eb('account_transfers.status', '=', 'pending'), eb('account_transfers.expires_time', '>', now)]),
          eb.and([eb('account_transfers.status', '=', 'accepted'), eb('account_transfers.accepted_time', '>', user.last_sign_in_time ?? new Date(0))]),
        ]),
      )
      .orderBy('account_transfers.creation_time', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('account_transfers')
      .innerJoin('users', 'users.id', 'account_transfers.sender_user_id')
      .select(['account_transfers.id', 'account_transfers.expires_time', 'users.name', 'users.surname', 'users.email'])
      .where('account_transfers.recipient_user_id', '=', user.id)
      .where('account_transfers.status', '=', 'pending')
      .where('account_transfers.expires_time', '>', now)
      .orderBy('account_transfers.creation_time', 'desc')
      .execute(),
  ]);
  return {
    outgoingTransfer: outgoing
      ? { id: outgoing.id, status: outgoing.status, recipient: outgoing.recipient_label ?? '', expiresTime: outgoing.expires_time, acceptedTime: outgoing.accepted_time }
      : null,
    incomingTransfers: incoming.map((t) => ({ id: t.id, senderName: joinFullName(t.name, t.surname), senderEmail: t.email, expiresTime: t.expires_time })),
  };
}
