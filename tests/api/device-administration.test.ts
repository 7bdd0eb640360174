import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { caller } from '../support/api-calls';

/**
 * SPEC section 5: 'Invalid data for Serial Number and Stella Id'. It comes from the schema alone
 * (schemas/device-administration.json: both patterns carry x-messages validation:serialStella).
 */
describe('device administration validation message', () => {
  let server: TestServer;
  let admin: string;
  const call = caller(() => server);
  const good = { productType: 'watch4', serialNumber: 'SN-20260001', stellaId: 'ABCDEFGHJK123' };

  beforeAll(async () => {
    server = await startServer();
    admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  it('refuses a bad serial number or Stella id with the message, in the caller\'s language', async () => {
    const serial = await call(admin, 'POST', '/api/app/device-administration', { ...good, serialNumber: 'SN 1!' });
    expect(serial.status).toBe(400);
    expect(serial.body.error!.validationErrors).toEqual([{ message: 'Invalid data for Serial Number and Stella Id', members: ['serialNumber'] }]);
    const stella = await call(admin, 'POST', '/api/app/device-administration', { ...good, stellaId: 'TOO-SHORT' }, { lang: 'da-DK' });
    expect(stella.body.error!.validationErrors).toEqual([{ message: 'Ugyldige data for serienummer og Stella-id', members: ['stellaId'] }]);
    expect((await call(admin, 'POST', '/api/app/device-administration', good)).status).toBe(200);
  });

  it('has the message in every language', () => {
    for (const lang of ['en', 'da', 'de', 'sv', 'nb']) {
      const texts = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'locales', lang, 'validation.json'), 'utf8')) as Record<string, string>;
      expect(texts.serialStella, lang).toMatch(/\S/);
    }
  });
});
