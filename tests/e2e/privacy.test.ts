import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { activeSubscriptionCount } from '../../server/billing/account-status';
import { EXPORT_BATCH_ROWS } from '../../server/privacy/export-builder';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import { DEMO_CITIZENS, DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { createTenantUser } from '../support/fixtures';
import { usePhoneBrowser } from '../support/phone-browser';
import { seedHistory } from '../support/privacy-seed';
import { tokensFor } from '../support/sign-in';

const WAIT = { timeout: 20_000 };
/** Making the archive is a background job: generous on a busy 2-core machine. */
const EXPORT_WAIT = { timeout: 90_000 };

/** The texts of resources/locales/en/privacy.json the screens must show. */
const T = {
  exportTitle: 'Export data',
  exportButton: 'Export data',
  progress: /^(Waiting to start…|Preparing the archive: \d{1,3}%)$/,
  ready: /^The archive is ready \(\d[\d.,]* (B|kB|MB)\)\.$/,
  download: 'Download',
  downloaded: 'The archive has been downloaded and deleted from Vigil.',
  again: 'New export',
  erasureTitle: 'Erase personal data',
  erasureIntro: 'Removes or anonymises positions, events, messages, receivers and the profile. Invoices are kept as bookkeeping law requires. This cannot be undone.',
  erased: 'Will be erased',
  anonymised: 'Will be anonymised',
  kept: 'Will be kept',
  nothing: 'Nothing',
  typeToConfirm: (text: string) => `To confirm, type: ${text}`,
  confirm: 'Erase permanently',
  done: 'The personal data has been erased.',
  yourData: 'Your data',
  blocked: (count: number) =>
    count === 1
      ? "Your data can't be erased while 1 subscription is active. Pause it on the dashboard or transfer the account first."
      : `Your data can't be erased while ${count} subscriptions are active. Pause them on the dashboard or transfer the account first.`,
  staffBlocked: (count: number) =>
    count === 1 ? 'The account still has 1 active subscription. Pause it or transfer the account first.' : `The account still has ${count} active subscriptions. Pause them or transfer the account first.`,
};

const CSV_POSITIONS_HEADER = 'id,device_id,fix_time,server_time,latitude,longitude,altitude,speed,course,accuracy,battery,valid,attributes';

/**
 * Records every text the export panel's live status shows (a MutationObserver runs before the
 * browser paints, so a state shown for a few milliseconds is seen too): the panel asks for
 * progress every second, and a small archive can be ready before a locator would look.
 */
async function recordExportStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { privacyStatus: string[] }).privacyStatus = seen;
    const look = () => {
      for (const el of Array.from(document.querySelectorAll('[data-testid="privacy-export"] [role="status"]'))) {
        const bar = el.querySelector('[role="progressbar"]');
        const text = `${(el.textContent ?? '').trim()} | ${bar ? `${bar.getAttribute('aria-label')} ${bar.getAttribute('aria-valuenow')}` : 'no bar'}`;
        if (seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { privacyStatus: string[] }).privacyStatus);
}

/** Starts an export in `panel`, sees its progress, then its Download button; returns the archive's files. */
async function exportAndDownload(page: Page, panel: Locator): Promise<{ files: Record<string, Uint8Array>; fileName: string }> {
  const statuses = await recordExportStatus(page);
  await panel.getByRole('button', { name: T.exportButton, exact: true }).click();
  const download = panel.getByRole('button', { name: T.download, exact: true });
  await download.waitFor(EXPORT_WAIT);
  // Progress was shown while the archive was made, with its bar.
  const seen = await statuses();
  expect(seen.length, `no progress was shown: ${JSON.stringify(seen)}`).toBeGreaterThan(0);
  for (const shown of seen) {
    const [text, bar] = shown.split(' | ');
    expect(text).toMatch(T.progress);
    expect(bar).toMatch(new RegExp(`^${T.exportTitle} \\d{1,3}$`));
  }
  await expect(panel.getByText(T.ready).isVisible()).resolves.toBe(true);
  // Only the Download button while ready: no second export offered.
  expect(await panel.getByRole('button', { name: T.exportButton, exact: true }).count()).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const [file] = await Promise.all([page.waitForEvent('download', WAIT), download.click()]);
  const fileName = file.suggestedFilename();
  const bytes = fs.readFileSync(await file.path());
  const files = unzipSync(new Uint8Array(bytes));

  // Downloaded once: the panel says so and offers no second download, only a new export.
  await panel.getByText(T.downloaded, { exact: true }).waitFor(WAIT);
  expect(await panel.getByRole('button', { name: T.download, exact: true }).count()).toBe(0);
  await panel.getByRole('button', { name: T.again, exact: true }).waitFor(WAIT);
  expect(await seriousAxeViolations(page)).toEqual([]);
  return { files, fileName };
}

/** The export rows of a subject: the downloaded one has no archive left. */
async function exportsOf(db: Db, subjectId: string) {
  return db.selectFrom('privacy_exports').select(['id', 'state', 'archive', 'downloaded_time']).where('subject_id', '=', subjectId).execute();
}

/** A second download of the same export, as the user's own API call: refused, the archive is gone. */
async function secondDownload(baseUrl: string, userName: string, path: string): Promise<{ status: number; code: unknown }> {
  const token = (await tokensFor(baseUrl, userName, DEMO_PASSWORD)).access_token!;
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  const body = (await res.json()) as { error?: { code?: unknown } };
  return { status: res.status, code: body.error?.code };
}

const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;

/**
 * GDPR export and erasure in Chromium: staff export a citizen from their page (progress, one
 * download of a zip with the citizen's data) and erase them after typing the confirmation; the
 * demo carer exports their own data on a 360 px phone and is shown why they cannot erase it.
 */
describe('privacy export and erasure in a real browser', () => {
  const env = usePhoneBrowser();
  // More than one batch of the history: the panel has progress to show.
  const POSITIONS = EXPORT_BATCH_ROWS + 500;
  const citizenId = randomUUID();
  const deviceId = randomUUID();
  const imei = '353490069876543';
  const name = 'Greta Privatsen';

  async function seedCitizen(db: Db): Promise<void> {
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    await db
      .insertInto('citizens' as never)
      .values({ id: citizenId, tenant_id: tenantId, first_name: 'Greta', last_name: 'Privatsen', address: 'Glemmevej 12', postal_code: '8000', city: 'Aarhus', concurrency_stamp: randomUUID() } as never)
      .execute();
    await db.insertInto('devices').values({ id: deviceId, tenant_id: tenantId, name: "Greta's watch", imei, concurrency_stamp: randomUUID() }).execute();
    await db.updateTable('devices').set({ citizen_id: citizenId } as never).where('id', '=', deviceId).execute();
    await seedHistory(db, { tenantId, deviceId, imei, lat: 56.157, lon: 10.211, count: POSITIONS });
    await db
      .insertInto('device_alarm_receivers')
      .values({ id: randomUUID(), tenant_id: tenantId, device_id: deviceId, email: 'son.privatsen@example.net', name: 'Olaf Privatsen', status: 'active' })
      .execute();
  }

  // After the server has started (usePhoneBrowser's beforeAll runs first).
  beforeAll(async () => seedCitizen(env.server.database.db));

  it("lets staff export a citizen's data once from a desk browser, as a zip with the citizen's data", async () => {
    const db = env.server.database.db;
    const page = await env.phone();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, env.server.url, 'staff', DEMO_PASSWORD, `/citizens/${citizenId}/show`);
    const section = page.getByRole('region', { name: T.exportTitle, exact: true });
    await section.getByRole('heading', { name: T.exportTitle, level: 2 }).waitFor(WAIT);
    const panel = section.getByTestId('privacy-export');

    const { files, fileName } = await exportAndDownload(page, panel);
    expect(fileName).toMatch(/^vigil-export-\d{4}-\d\d-\d\d\.zip$/);
    expect(Object.keys(files).sort()).toEqual(['alarms.json', 'devices.json', 'events.csv', 'invoices.json', 'manifest.json', 'positions.csv', 'profile.json', 'receivers.json']);
    const manifest = json(files, 'manifest.json') as { subject: unknown; counts: Record<string, number> };
    expect(manifest.subject).toEqual({ type: 'citizen', id: citizenId, name });
    expect(manifest.counts).toMatchObject({ positions: POSITIONS, devices: 1 });
    expect((json(files, 'profile.json') as { citizen: unknown }).citizen).toMatchObject({ id: citizenId, first_name: 'Greta', last_name: 'Privatsen', address: 'Glemmevej 12', city: 'Aarhus' });
    expect((json(files, 'devices.json') as { devices: { imei: string }[] }).devices.map((d) => d.imei)).toEqual([imei]);
    expect(strFromU8(files['receivers.json']!)).toContain('son.privatsen@example.net');
    const positions = strFromU8(files['positions.csv']!).split('\r\n').filter(Boolean);
    expect(positions[0]).toBe(CSV_POSITIONS_HEADER);
    expect(positions).toHaveLength(POSITIONS + 1);
    expect(positions[1]).toContain(deviceId);
    expect(strFromU8(files['events.csv']!).split('\r\n').filter(Boolean)).toHaveLength(Math.ceil(POSITIONS / 3) + 1);

    // The server holds no archive any more: a second download has nothing to give.
    const rows = await exportsOf(db, citizenId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'downloaded', archive: null });
    expect(rows[0]!.downloaded_time).not.toBeNull();
    expect(await secondDownload(env.server.url, 'staff', `/api/app/privacy/exports/${rows[0]!.id}/download`)).toEqual({ status: 410, code: 'Vigil:Privacy.ExportGone' });
  });

  it('erases the citizen only after the exact confirmation is typed, and leaves the page', async () => {
    const db = env.server.database.db;
    const page = await env.phone();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, env.server.url, 'staff', DEMO_PASSWORD, `/citizens/${citizenId}/show`);
    const section = page.getByRole('region', { name: T.exportTitle, exact: true });
    await section.getByText(T.erasureIntro, { exact: true }).waitFor(WAIT);
    await section.getByRole('button', { name: T.erasureTitle, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: T.erasureTitle });
    const confirmation = dialog.getByRole('textbox', { name: T.typeToConfirm(`ERASE ${name}`), exact: true });
    await confirmation.waitFor(WAIT);
    await dialog.getByText(T.erasureIntro, { exact: true }).waitFor(WAIT);
    // What goes, what is anonymised, what is kept (nothing, for a citizen).
    const erased = dialog.getByRole('list', { name: T.erased, exact: true });
    const count = new Intl.NumberFormat('en').format(POSITIONS);
    await erased.getByText(`Positions: ${count}`, { exact: true }).waitFor(WAIT);
    await erased.getByText(`Device events: ${new Intl.NumberFormat('en').format(Math.ceil(POSITIONS / 3))}`, { exact: true }).waitFor(WAIT);
    await erased.getByText('Alarm receivers: 1', { exact: true }).waitFor(WAIT);
    const anonymised = dialog.getByRole('list', { name: T.anonymised, exact: true });
    await anonymised.getByText('Profile: 1', { exact: true }).waitFor(WAIT);
    await anonymised.getByText('Devices (unlinked and renamed): 1', { exact: true }).waitFor(WAIT);
    await dialog.getByRole('heading', { name: T.kept, exact: true }).waitFor(WAIT);
    await dialog.getByText(T.nothing, { exact: true }).waitFor(WAIT);

    const erase = dialog.getByRole('button', { name: T.confirm, exact: true });
    expect(await erase.isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    for (const wrong of ['ERASE Greta', `erase ${name.toLowerCase()}`, `DELETE ${name}`]) {
      await confirmation.fill(wrong);
      expect(await erase.isDisabled(), wrong).toBe(true);
    }
    // Nothing changed while the text was wrong.
    expect((await db.selectFrom('citizens' as never).select(['first_name' as never]).where('id' as never, '=', citizenId as never).executeTakeFirstOrThrow()) as unknown).toEqual({ first_name: 'Greta' });

    await confirmation.fill(`ERASE ${name}`);
    await expect.poll(() => erase.isEnabled(), WAIT).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await erase.click();

    await page.waitForURL(`${env.server.url}/citizens`, WAIT);
    await page.getByText(T.done, { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });

    const citizen = (await db
      .selectFrom('citizens' as never)
      .select(['first_name', 'last_name', 'address', 'city', 'is_deleted'] as never[])
      .where('id' as never, '=', citizenId as never)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(citizen).toEqual({ first_name: 'Erased', last_name: '', address: null, city: null, is_deleted: true });
    const { rows } = await sql<{ positions: number; events: number; receivers: number }>`select
        (select count(*)::int from positions where device_id = ${deviceId}) as positions,
        (select count(*)::int from device_events where device_id = ${deviceId}) as events,
        (select count(*)::int from device_alarm_receivers where device_id = ${deviceId}) as receivers`.execute(db);
    expect(rows[0]).toEqual({ positions: 0, events: 0, receivers: 0 });
    expect(await db.selectFrom('devices').select(['citizen_id' as never, 'imei']).where('id', '=', deviceId).executeTakeFirstOrThrow()).toEqual({ citizen_id: null, imei });
    expect(await exportsOf(db, citizenId)).toEqual([]);
    // The list shows the tenant's other citizens, not them.
    await page.getByText(DEMO_CITIZENS[0]!.lastName).first().waitFor(WAIT);
    expect(await page.getByText('Privatsen').count()).toBe(0);
  });

  it("lets staff erase a carer from the carer's user page, and says first when subscriptions block it", async () => {
    const db = env.server.database.db;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const carer = await createTenantUser(db, { tenantId, userName: 'bodil-omsorg', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    await db.updateTable('users').set({ name: 'Bodil', surname: 'Omsorg' }).where('id', '=', carer.userId).execute();
    const watch = randomUUID();
    const watchImei = '353490069871111';
    await db.insertInto('devices').values({ id: watch, tenant_id: tenantId, owner_user_id: carer.userId, name: "Bodil's mother", imei: watchImei, concurrency_stamp: randomUUID() }).execute();
    await seedHistory(db, { tenantId, deviceId: watch, imei: watchImei, lat: 55.68, lon: 12.57, count: 40 });

    const page = await env.phone();
    await page.setViewportSize({ width: 1280, height: 900 });
    // The demo carer pays for their watches: the dialog says so before anything is typed.
    const demoCarer = await db.selectFrom('users').select('id').where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    const active = await activeSubscriptionCount(db, demoCarer.id);
    expect(active).toBeGreaterThan(0);
    await signInAs(page, env.server.url, 'staff', DEMO_PASSWORD, `/identity-management/users/${demoCarer.id}`);
    const demoSection = page.getByRole('region', { name: T.exportTitle, exact: true });
    await demoSection.getByRole('button', { name: T.erasureTitle, exact: true }).click();
    const blockedDialog = page.getByRole('dialog', { name: T.erasureTitle });
    await blockedDialog.getByText(T.staffBlocked(active), { exact: true }).waitFor(WAIT);
    expect(await blockedDialog.getByRole('textbox').count()).toBe(0);
    expect(await blockedDialog.getByRole('button', { name: T.confirm, exact: true }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await blockedDialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await blockedDialog.waitFor({ state: 'hidden', ...WAIT });

    // A carer without subscriptions, opened from the users list: erased after the typed confirmation,
    // back on the list, which no longer shows them.
    await page.goto(`${env.server.url}/identity-management/users`);
    await page.getByRole('row').filter({ hasText: 'bodil-omsorg' }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${env.server.url}/identity-management/users/${carer.userId}`, WAIT);
    const section = page.getByRole('region', { name: T.exportTitle, exact: true });
    await section.getByRole('button', { name: T.erasureTitle, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: T.erasureTitle });
    await dialog.getByRole('list', { name: T.erased, exact: true }).getByText('Positions: 40', { exact: true }).waitFor(WAIT);
    await dialog.getByRole('textbox', { name: T.typeToConfirm('ERASE Bodil Omsorg'), exact: true }).fill('ERASE Bodil Omsorg');
    await dialog.getByRole('button', { name: T.confirm, exact: true }).click();
    await page.waitForURL(`${env.server.url}/identity-management/users`, WAIT);
    await page.getByText(T.done, { exact: true }).waitFor(WAIT);
    await page.getByRole('row').filter({ hasText: 'staff@sunrise-care.local' }).waitFor(WAIT);
    expect(await page.getByRole('row').filter({ hasText: /bodil|Omsorg/i }).count()).toBe(0);

    const user = await db.selectFrom('users').select(['user_name', 'name', 'surname', 'email']).where('id', '=', carer.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(user)).not.toMatch(/bodil|omsorg/i);
    const left = await sql<{ positions: number }>`select count(*)::int as positions from positions where device_id = ${watch}`.execute(db);
    expect(left.rows[0]).toEqual({ positions: 0 });
    // The demo carer is untouched.
    expect(await db.selectFrom('users').select('user_name').where('id', '=', demoCarer.id).executeTakeFirstOrThrow()).toEqual({ user_name: 'caregiver' });
  });

  it('lets the demo carer export their own data once on a 360 px phone, and says why erasure is not possible yet', async () => {
    const db = env.server.database.db;
    const carer = await db.selectFrom('users').select(['id', 'email']).where('user_name', '=', 'caregiver').executeTakeFirstOrThrow();
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor(WAIT);
    const section = page.getByRole('region', { name: T.yourData, exact: true });
    await section.getByRole('heading', { name: T.exportTitle, exact: true }).waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const { files } = await exportAndDownload(page, section.getByTestId('privacy-export'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const manifest = json(files, 'manifest.json') as { subject: { type: string; id: string } };
    expect(manifest.subject).toMatchObject({ type: 'user', id: carer.id });
    expect((json(files, 'profile.json') as { account: Record<string, unknown> }).account).toMatchObject({ id: carer.id, user_name: 'caregiver', email: carer.email });
    expect((json(files, 'profile.json') as { account: Record<string, unknown> }).account).not.toHaveProperty('password_hash');
    expect((json(files, 'devices.json') as { devices: { name: string }[] }).devices.map((d) => d.name)).toEqual(expect.arrayContaining(["Mum's watch"]));
    expect(((json(files, 'invoices.json') as { invoices: unknown[] }).invoices).length).toBeGreaterThan(0);
    const rows = await exportsOf(db, carer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'downloaded', archive: null });
    expect(await secondDownload(env.server.url, 'caregiver', `/api/app/privacy/my/exports/${rows[0]!.id}/download`)).toEqual({ status: 410, code: 'Vigil:Privacy.ExportGone' });

    // Erasure: disabled while the watches' subscriptions are active, with the reason tied to the button.
    const active = await activeSubscriptionCount(db, carer.id);
    expect(active).toBeGreaterThan(0);
    const erase = section.getByRole('button', { name: T.erasureTitle, exact: true });
    expect(await erase.isDisabled()).toBe(true);
    const reason = section.getByText(T.blocked(active), { exact: true });
    await reason.waitFor(WAIT);
    const describedBy = await erase.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect((await page.locator(`#${describedBy}`).textContent())?.trim()).toBe(T.blocked(active));
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The account is untouched.
    expect(await db.selectFrom('users').select('user_name').where('id', '=', carer.id).executeTakeFirstOrThrow()).toEqual({ user_name: 'caregiver' });
  });
});
