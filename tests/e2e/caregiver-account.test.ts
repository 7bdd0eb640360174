import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../common/avatar';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { seriousAxeViolations } from '../support/axe';
import { signInAs } from '../support/browser';
import { usePhoneBrowser } from '../support/phone-browser';
import { createTenantUser } from '../support/fixtures';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';

/** The smallest valid PNG (1x1). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NEW_PASSWORD = 'Changed-Pass-2026!';

/** The demo carer (two watches with active subscriptions) on a 360 px phone, on /account. */
describe('caregiver account page in a real browser', () => {
  const env = usePhoneBrowser();

  it('shows deletion disabled with the way out, uploads a picture, changes the password and signs in with it', async () => {
    const page = await env.phone();
    await signInAs(page, env.server.url, 'caregiver', DEMO_PASSWORD, '/account');
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Deletion: disabled while the watches' subscriptions are active, with the reason and the way out.
    await expect(page.getByRole('button', { name: 'Delete my account' }).isDisabled()).resolves.toBe(true);
    await page.getByText("Your account can't be deleted while 2 subscriptions are active.").waitFor();
    await page.getByRole('link', { name: 'Pause the subscriptions on the dashboard' }).waitFor();
    await page.getByRole('link', { name: 'transfer the account' }).waitFor();

    // Picture: a non-image and an oversized file are refused in the browser; an image is stored and shown.
    const fileInput = page.locator('#avatar-file');
    await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await page.getByText('Only pictures can be uploaded (PNG, JPEG, GIF or WebP).').waitFor();
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(AVATAR_MAX_BYTES)]) });
    await page.getByText("Image can't be bigger than 2MB").waitFor();
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Your picture has been saved.').waitFor();
    await page.getByRole('img', { name: 'Your picture' }).waitFor();
    await page.reload();
    await page.getByRole('img', { name: 'Your picture' }).waitFor();

    // Password: the rules show live; the current password is needed; the new one works at once.
    await page.locator('#account-currentPassword').fill(DEMO_PASSWORD);
    await page.locator('#account-newPassword').fill('weakpass');
    await page.getByText('an uppercase letter (missing)').waitFor();
    await page.locator('#account-newPassword').fill(NEW_PASSWORD);
    await page.getByText('an uppercase letter (done)').waitFor();
    await page.locator('#account-confirmPassword').fill(NEW_PASSWORD);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    const again = await env.phone();
    await signInAs(again, env.server.url, 'caregiver', NEW_PASSWORD, '/account');
    await again.getByRole('heading', { name: 'Profile' }).waitFor();
    await expect(again.locator('#account-email').inputValue()).resolves.toBe('caregiver@example.com');
  });

  it('says goodbye on the home page once a carer deleted their account', async () => {
    const db = env.server.database.db;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const carer = await createTenantUser(db, { tenantId, userName: 'leaving-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const page = await env.phone();
    await signInAs(page, env.server.url, carer.userName, carer.password, '/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill(carer.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    // Not the bare home page: what happened, said where the carer lands.
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted, with its data. Thank you for using Vigil.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("shows the product's own page for an unknown address inside the signed-in app", async () => {
    // A carer of its own: the first test changed the demo carer's password.
    const db = env.server.database.db;
    const tenantId = (await db.selectFrom('tenants').select('id').where('name', '=', 'Sunrise Care').executeTakeFirstOrThrow()).id;
    const carer = await createTenantUser(db, { tenantId, userName: 'lost-carer', role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const page = await env.phone();
    await signInAs(page, env.server.url, carer.userName, carer.password, '/dashboard');
    await page.goto(`${env.server.url}/dashboard/no-such-page`);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByText(/bad link/i).count()).toBe(0);
    // Inside the layout: one main landmark, the app's own.
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
