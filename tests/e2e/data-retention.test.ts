import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { demoDevices } from '../support/osmand';
import { usePhoneBrowser } from '../support/phone-browser';

const WAIT = { timeout: 20_000 };
const DAY = 86_400_000;

/**
 * The tenant's data retention page on a 360 px phone: a period an unanswered alarm needs cannot be
 * chosen and says why, the next removal is told with its date, a longer period saves at once and a
 * shorter one only after a confirmation that says what goes.
 */
describe('data retention in a real browser', () => {
  const env = usePhoneBrowser();

  it('offers the periods with their reasons, tells what goes next, and confirms a shorter one', async () => {
    const db = env.server.database.db;
    const { mum } = await demoDevices(db);
    const alarmTime = new Date(Date.now() - 40 * DAY);
    await db.insertInto('device_events').values({ id: randomUUID(), tenant_id: mum.tenant_id, device_id: mum.id, type: 'sos', event_time: alarmTime, attributes: '{}' }).execute();

    const page = await env.phone();
    await signInAs(page, env.server.url, 'staff', DEMO_PASSWORD, '/data-retention');
    await page.getByRole('heading', { name: 'Data retention', level: 1 }).waitFor(WAIT);
    const thirty = page.getByRole('radio', { name: '30 days', exact: true });
    await thirty.waitFor(WAIT);
    expect(await thirty.isDisabled()).toBe(true);
    await page.getByText(`An alarm from ${alarmTime.toISOString().slice(0, 10)} has not been answered yet`).waitFor();
    expect(await page.getByRole('radio', { name: "The host's default (90 days)" }).isChecked()).toBe(true);
    await page.getByText(/Positions and events recorded before .+ are removed on .+: [\d,]+ positions? and [\d,]+ events?\./).waitFor();
    await page.getByText('Audit logs are kept 365 days, security logs 365 days and sent mail 90 days.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Longer: saved at once, and the history moves to it.
    await page.getByRole('radio', { name: '180 days', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await db.selectFrom('tenant_retention').select('history_days').where('tenant_id', '=', mum.tenant_id!).executeTakeFirst())?.history_days, WAIT).toBe(180);
    await expect.poll(() => page.getByRole('radio', { name: '180 days', exact: true }).isChecked(), WAIT).toBe(true);

    // Shorter: only after saying what goes.
    await page.getByRole('radio', { name: '90 days', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keep history for a shorter time?' });
    await dialog.getByText('History older than 90 days will be removed from this organisation. This cannot be undone.').waitFor(WAIT);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep 90 days' }).click();
    await expect.poll(async () => (await db.selectFrom('tenant_retention').select('history_days').where('tenant_id', '=', mum.tenant_id!).executeTakeFirst())?.history_days, WAIT).toBe(90);
    await dialog.waitFor({ state: 'hidden', ...WAIT });
  });
});
