import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { normalize } from '../../server/identity/user-records';
import { DEMO_TENANT } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import { addDefaultCard } from '../support/payment-card';
import { usePhoneBrowser } from '../support/phone-browser';
import { tokensFor } from '../support/sign-in';

const VIEWPORTS = [
  { name: 'a 360 px phone', width: 360, height: 740, waitsOn: '/account' },
  { name: 'a 1366 px desk', width: 1366, height: 850, waitsOn: '/dashboard' },
] as const;

/**
 * Account transfer at both ends (SPEC section 4): a carer offers their account; the other opens
 * the mailed link from the outbox (a real SMTP server), lands at the offer and accepts; the
 * sender, wherever they wait, sees "Finalizing account transfer..." and then what happened; the
 * new owner's two watches of one name are told apart.
 */
describe('account transfer in a real browser', () => {
  const env = usePhoneBrowser({ mail: true });

  /** A carer of the demo tenant with watches named as given (their IMEIs end in the returned digits). */
  async function carer(prefix: string, watches: string[]) {
    const db = env.server.database.db;
    const tenant = await db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow();
    const user = await createTenantUser(db, { tenantId: tenant.id, userName: `${prefix}-${randomUUID().slice(0, 6)}`, role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const imeis: string[] = [];
    for (const name of watches) {
      const imei = `35${Math.floor(Math.random() * 1e13).toString().padStart(13, '0')}`;
      imeis.push(imei);
      await db.insertInto('devices').values({ id: randomUUID(), tenant_id: tenant.id, owner_user_id: user.userId, name, imei, concurrency_stamp: randomUUID(), creator_id: user.userId }).execute();
    }
    return { ...user, email: `${user.userName}@fixtures.vigil.local`, imeis };
  }

  async function sized(viewport: { width: number; height: number }): Promise<Page> {
    const page = await env.phone();
    await page.setViewportSize(viewport);
    return page;
  }

  it.each(VIEWPORTS)('on $name: offered, opened at the offer from the mail, accepted; the sender is told; the watches told apart', async (viewport) => {
    const sender = await carer('sender', ["Mum's watch", 'Hallway tag']);
    const recipient = await carer('rita', ["Mum's watch"]);
    await addDefaultCard(env.server.url, (await tokensFor(env.server.url, recipient.userName, recipient.password)).access_token);

    const from = await sized(viewport);
    await signInAs(from, env.server.url, sender.userName, sender.password, '/account');
    await from.locator('#transfer-recipient').fill(recipient.email);
    await from.getByRole('button', { name: 'Send transfer invitation' }).click();
    await from.getByText(new RegExp(`Invitation sent to “${recipient.email.replace(/\./g, '\\.')}”`)).waitFor();
    // The sender waits where they like: the account page, or the dashboard.
    if (viewport.waitsOn === '/dashboard') {
      await from.goto(`${env.server.url}/dashboard`);
      await from.getByText('Hallway tag').first().waitFor();
    }

    const mail = await env.mailbox.waitFor((m) => /wants to transfer a Vigil account to you/.test(m.subject ?? '') && (m.text ?? '').includes(sender.email));
    const link = /http\S+\/account\?transfer=\S+/.exec(mail.text ?? '')![0];
    expect(link).toMatch(/#account-transfer$/);
    const to = await sized(viewport);
    await signInAs(to, env.server.url, recipient.userName, recipient.password, '/dashboard');
    await to.goto(link);
    // Opened at the offer: in view and focused, however far down the page it is.
    const offer = to.getByText(new RegExp(`${sender.userName} \\(${sender.email.replace(/\./g, '\\.')}\\) wants to transfer their account to you: 2 watch`));
    await offer.waitFor();
    await expect.poll(() => to.evaluate(() => document.activeElement?.textContent ?? '')).toContain('wants to transfer their account to you');
    const box = (await offer.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await to.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await seriousAxeViolations(to)).toEqual([]);
    await to.getByRole('button', { name: 'Accept transfer' }).click();
    await to.getByText('The transfer is complete: 2 watches are now yours.').waitFor();

    // The sender: "Finalizing account transfer...", then what happened, signed out.
    await from.getByText('Finalizing account transfer...').waitFor({ timeout: 30_000 });
    expect(new URL(from.url()).pathname).toBe('/');
    await from.getByText('Your account has been transferred. Its watches, safe zones and subscriptions now belong to the person who accepted the transfer', { exact: false }).waitFor({ timeout: 15_000 });
    await from.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await seriousAxeViolations(from)).toEqual([]);

    // The new owner's two "Mum's watch" are told apart by the end of their numbers.
    await to.goto(`${env.server.url}/dashboard`);
    const mine = `Mum's watch (no. …${recipient.imeis[0]!.slice(-4)})`;
    const given = `Mum's watch (no. …${sender.imeis[0]!.slice(-4)})`;
    await to.getByText(mine, { exact: true }).first().waitFor();
    await to.getByText(given, { exact: true }).first().waitFor();
    expect(await to.getByText('Hallway tag', { exact: true }).count()).toBeGreaterThan(0);
    await to.getByRole('button', { name: `Actions for ${given}` }).waitFor();
    await to.goto(`${env.server.url}/geofence`);
    const zoneWatches = to.getByRole('group', { name: 'Watches' });
    await zoneWatches.getByLabel(mine).waitFor();
    await zoneWatches.getByLabel(given).waitFor();
  });
});
