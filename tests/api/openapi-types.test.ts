import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/gen-api-types';
import { startServer, type TestServer } from '../support/server';

/**
 * The web app's API types (src/providers/openapi/paths.ts) are generated from the description the
 * server writes: a route whose parameters or answers change must come with the regenerated file,
 * so the type check sees every call of the web app against the routes as they are.
 */
describe('generated API types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('', { seedDemo: false });
  }, 120_000);
  afterAll(async () => server?.stop());

  it('are those of the current description (npm run gen:api-types)', async () => {
    const doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as object;
    expect(fs.readFileSync(API_TYPES_FILE, 'utf8')).toBe(await renderApiTypes(doc));
  });
});
