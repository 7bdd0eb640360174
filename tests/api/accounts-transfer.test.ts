import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../common/features';
import { addDefaultCard } from '../support/payment-card';
import { accountsServer, linkIn, mailTo, type AccountsServer } from '../support/accounts';
import { DATABASES } from '../support/server';
import { tokensFor } from '../support/sign-in';

const BASE = '/api/plugandplay/profile';

describe.each(DATABASES)('account transfer on $name', ({ url }) => {
  let env: AccountsServer;
  beforeAll(async () => {
    env = await accountsServer(url);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const invite = async (sender: { token: string }, recipient: string) => env.call(sender.token, 'POST', `${BASE}/transfer-user-1/${encodeURIComponent(recipient)}`);
  const transferLink = async (email: string) => {
    const mail = await env.mailbox.waitFor(mailTo(email));
    const link = linkIn(mail, '/account?transfer=');
    return { mail, id: link.searchParams.get('transfer')!, token: link.searchParams.get('token')! };
  };

  it('moves the watches to the recipient with a card, ends the sender sessions, and refuses the link again', async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    const watches = [await env.watch(sender.userId, 'active'), await env.watch(sender.userId, 'paused')];
    // The recipient last used Vigil in Danish.
    await env.db.insertInto('caregiver_profiles').values({ user_id: recipient.userId, tenant_id: env.sunriseId, language: 'da-DK' }).execute();

    const invited = await invite(sender, recipient.email);
    // The answer tells nothing about the recipient (docs/decisions/027-mail-abuse.md); the page shows what the sender typed.
    expect(invited).toEqual({ status: 202, body: { message: 'If this is the email or user name of an activated Vigil account here, its owner gets an invitation by email.' } });
    expect((await env.call(sender.token, 'GET', BASE)).body.outgoingTransfer).toMatchObject({ status: 'pending', recipient: recipient.email });
    const { mail, id, token } = await transferLink(recipient.email);
    expect(mail.subject).not.toContain('wants to transfer'); // in the recipient's language (Danish)
    expect(mail.text).toContain(sender.email);
    expect((await env.call(recipient.token, 'GET', BASE)).body.incomingTransfers).toEqual([expect.objectContaining({ id, senderEmail: sender.email })]);
    expect((await env.call(recipient.token, 'GET', `${BASE}/transfer-user-2/${id}/${token}`)).body).toMatchObject({ senderEmail: sender.email, deviceCount: 2 });
    // Only the recipient may use the link.
    expect((await env.call(sender.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`)).status).toBe(404);

    await addDefaultCard(env.server.url, recipient.token);
    const accepted = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`);
    expect(accepted).toMatchObject({ status: 200, body: { deviceCount: 2 } });
    const owners = await env.db.selectFrom('devices').select('owner_user_id').where('id', 'in', watches).execute();
    expect(owners.map((o) => o.owner_user_id)).toEqual([recipient.userId, recipient.userId]);
    // The sender's sign-ins end: the access token is refused at once, and the refresh token no
    // longer works, so the sender signs in again.
    // Told why, so the web app can say what happened rather than only asking for a sign-in.
    await expect.poll(async () => (await env.call(sender.token, 'GET', BASE)).body.error, { timeout: 5000 }).toEqual(
      expect.objectContaining({ code: 'Vigil:AccountTransferred', message: 'Your account has been transferred to another person, so this sign-in has ended. Please sign in again.' }),
    );
    expect((await env.call(sender.token, 'GET', BASE, undefined, { lang: 'da' })).body.error?.message).toBe('Din konto er overdraget til en anden, så dette login er afsluttet. Log venligst ind igen.');
    const refresh = await fetch(`${env.server.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: sender.tokens.refresh_token!, client_id: 'vigil-web' }),
    });
    expect(refresh.status).toBe(400);
    const done = await env.mailbox.waitFor((m) => mailTo(sender.email)(m) && m.subject === 'Your Vigil account has been transferred');
    expect(done.text).toContain('2 watches and their subscriptions');
    const again = await tokensFor(env.server.url, sender.userName, sender.password);
    expect((await env.call(again.access_token, 'GET', BASE)).body.outgoingTransfer).toBeNull();
    // Signed in again, a later end of a sign-in is a plain one: the transfer is told once.
    await env.db.deleteFrom('oidc_payloads').where(sql<boolean>`payload->>'accountId' = ${sender.userId}`).execute();
    await expect.poll(async () => (await env.call(again.access_token, 'GET', BASE)).body.error?.code, { timeout: 5000 }).toBe('Vigil:SessionEnded');

    const reused = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`);
    expect(reused).toMatchObject({ status: 403, body: { error: { code: 'Vigil:LinkUsed', message: 'This account transfer has already been accepted.' } } });
  });

  it('refuses a transfer over the device cap saying why, in numbers, in the recipient\'s language, and moves nothing', async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    const given = await Promise.all([1, 2, 3, 4].map(() => env.watch(sender.userId, 'active')));
    await Promise.all([1, 2].map(() => env.watch(recipient.userId, 'active')));
    expect((await invite(sender, recipient.email)).status).toBe(202);
    const { id, token } = await transferLink(recipient.email);
    await addDefaultCard(env.server.url, recipient.token);
    const cap = await env.db.selectFrom('feature_values').select('value').where('name', '=', FEATURES.maxDevicesPerAccount.name).where('provider_key', '=', env.sunriseId).executeTakeFirst();
    expect(cap?.value ?? FEATURES.maxDevicesPerAccount.defaultValue).toBe('5');

    const refused = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: {
          code: 'Vigil:DeviceCap',
          message:
            'This transfer would take your account over its limit of watches: you have 2, this transfer brings 4, the limit is 5. Remove at least 1 watch from your account, or ask the sender to remove some from theirs, then accept again.',
        },
      },
    });
    const danish = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`, undefined, { lang: 'da' });
    expect(danish.body.error?.message).toBe(
      'Overdragelsen ville give din konto flere ure, end den må have: Du har 2, overdragelsen bringer 4, og grænsen er 5. Fjern mindst 1 ur fra din konto, eller bed afsenderen om at fjerne nogle fra sin, og godkend så igen.',
    );
    const owners = await env.db.selectFrom('devices').select('owner_user_id').where('id', 'in', given).execute();
    expect(owners.every((o) => o.owner_user_id === sender.userId)).toBe(true);
  });

  it("refuses to accept without a default card with SPEC section 8's message, and changes nothing", async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    const watch = await env.watch(sender.userId, 'active');
    expect((await invite(sender, recipient.userId)).status).toBe(202);
    const { id, token } = await transferLink(recipient.email);
    const refused = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${id}/${token}`);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'Vigil:NoPaymentMethod', message: "You don't have a payment method. You need to add a default card to continue." } } });
    expect((await env.db.selectFrom('devices').select('owner_user_id').where('id', '=', watch).executeTakeFirstOrThrow()).owner_user_id).toBe(sender.userId);
  });

  it('refuses an expired link, a replaced one, and recipients that cannot take the account', async () => {
    const sender = await env.caregiver('sender');
    const recipient = await env.caregiver('recipient');
    await addDefaultCard(env.server.url, recipient.token);
    expect((await invite(sender, recipient.userName)).status).toBe(202);
    const first = await transferLink(recipient.email);
    await env.db.updateTable('account_transfers').set({ expires_time: new Date(Date.now() - 1000) }).where('id', '=', first.id).execute();
    const expired = await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${first.id}/${first.token}`);
    expect(expired).toMatchObject({ status: 403, body: { error: { code: 'Vigil:LinkExpired' } } });

    // A new invitation replaces the previous link.
    await env.db.updateTable('account_transfers').set({ expires_time: new Date(Date.now() + 3600_000) }).where('id', '=', first.id).execute();
    expect((await invite(sender, recipient.email)).status).toBe(202);
    expect((await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${first.id}/${first.token}`)).status).toBe(404);
    expect((await env.call(recipient.token, 'POST', `${BASE}/transfer-user-2/${first.id}/not-the-token`)).status).toBe(404);
    expect((await env.call(sender.token, 'DELETE', `${BASE}/transfer-user-1`)).status).toBe(204);
    expect((await env.call(sender.token, 'GET', BASE)).body.outgoingTransfer).toBeNull();

    // Oneself is refused; every other name gets the same answer, and only an active account of the tenant a mail.
    expect((await invite(sender, sender.email)).status).toBe(400);
    const nobody = await invite(sender, 'nobody@example.org');
    expect(nobody.status).toBe(202);
    expect(await invite(sender, 'staff')).toEqual(nobody);
    const pending = await env.caregiver('inactive');
    await env.db.updateTable('users').set({ is_active: false }).where('id', '=', pending.userId).execute();
    expect(await invite(sender, pending.email)).toEqual(nobody);
    // The host's users are not in the tenant: an invitation to nobody.
    expect(await invite(sender, 'admin')).toEqual(nobody);
    const rows = await env.db.selectFrom('account_transfers').select(['recipient_user_id', 'recipient_label']).where('sender_user_id', '=', sender.userId).orderBy('creation_time', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(rows).toEqual({ recipient_user_id: null, recipient_label: 'admin' });
    await new Promise((r) => setTimeout(r, 500));
    expect(env.mailbox.messages.filter(mailTo(pending.email))).toHaveLength(0);
  });
});
