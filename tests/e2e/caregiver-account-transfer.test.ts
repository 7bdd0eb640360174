import { describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { normalize } from '../../server/identity/user-records';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import { addDefaultCard } from '../support/payment-card';
import { usePhoneBrowser } from '../support/phone-browser';
import { tokensFor } from '../support/sign-in';

/** The demo carer hands the account to another carer, who accepts from the mailed link; the sender signs in again. */
describe('account transfer in a real browser', () => {
  const env = usePhoneBrowser({ mail: true });

  it('invites, accepts with a card, moves the watches, and sends the sender to sign in again', async () => {
    const db = env.server.database.db;
    const tenant = await db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow();
    const recipient = await createTenantUser(db, { tenantId: tenant.id, userName: 'rita', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    await addDefaultCard(env.server.url, (await tokensFor(env.server.url, recipient.userName, recipient.password)).access_token);

    const sender = await env.phone();
    await signInAs(sender, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await sender.locator('#transfer-recipient').fill('rita@fixtures.vigil.local');
    await sender.getByRole('button', { name: 'Send transfer invitation' }).click();
    // Neutral words: nothing tells whether the address is an account, or whose (docs/decisions/027-mail-abuse.md).
    await sender.getByText('If this is the email or user name of an activated Vigil account here, its owner gets an invitation by email.').first().waitFor();
    await sender.getByText(/Invitation sent to “rita@fixtures\.vigil\.local”/).waitFor();

    const mail = await env.mailbox.waitFor((m) => /wants to transfer a Vigil account to you/.test(m.subject ?? ''));
    const link = new URL(/http\S+\/account\?transfer=\S+/.exec(mail.text ?? '')![0]);
    const taker = await env.phone();
    await signInAs(taker, env.server.url, 'rita', recipient.password, '/account');
    await taker.goto(link.toString());
    await taker.getByText(/Clara Carer \(caregiver@example\.com\) wants to transfer their account to you: 2 watch/).waitFor();
    expect(await seriousAxeViolations(taker)).toEqual([]);
    await taker.getByRole('button', { name: 'Accept transfer' }).click();
    await taker.getByText('The transfer is complete: 2 watch(es) are now yours.').waitFor();
    const owners = await db.selectFrom('devices').select('owner_user_id').where('tenant_id', '=', tenant.id).where('is_deleted', '=', false).execute();
    expect(owners.filter((o) => o.owner_user_id === recipient.userId)).toHaveLength(2);

    // The acceptance ended the sender's sign-in: the sender's page notices within its polling
    // interval (the API refuses its token), says so, and sends the sender to sign in again.
    await sender.getByText('Finalizing account transfer...').waitFor({ timeout: 15_000 });
    await sender.waitForURL(/\/oidc\/interaction\//, { timeout: 20_000 });
  });
});
