import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { up as cleanStoredRichText } from '../../server/db/migrations/020_rich_text_clean';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { caller } from '../support/api-calls';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';

/** The payload: a style that blanks the page, a form posting elsewhere, a script in an image. */
const PAYLOAD = '<style>body{display:none}</style><form action=//evil><input></form><img src=x onerror=alert(1)><p>Kept</p>';

function expectClean(body: unknown): void {
  expect(body).toBe('<p>Kept</p>');
}

describe.each(DATABASES)('rich text is sanitised on write on $name', ({ url }) => {
  let server: TestServer;
  let admin: string;
  const call = caller(() => server);
  const guide = (body: string) => ({ title: 'Charging the watch', language: 'en', body, published: true, sortOrder: 1 });

  beforeAll(async () => {
    server = await startServer(url);
    admin = (await tokensFor(server.url, 'admin', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => server?.stop());

  const storedBody = async (id: string) =>
    (await sql<{ body: string }>`select body from guides where id = ${id}`.execute(server.database.db)).rows[0]?.body;

  it('a created guide is stored and returned without style, form or onerror, keeping the paragraph', async () => {
    const created = await call(admin, 'POST', '/api/app/guides', guide(PAYLOAD));
    expect(created.status).toBe(200);
    expectClean(created.body.body);
    const id = String(created.body.id);
    expectClean(await storedBody(id));
    expectClean((await call(admin, 'GET', `/api/app/guides/${id}`)).body.body);
  });

  it('an updated guide is cleaned the same way, and links keep their address with a safe target', async () => {
    const created = await call(admin, 'POST', '/api/app/guides', guide('<p>First</p>'));
    const id = String(created.body.id);
    const link = '<p><a href="https://vigil.example/help" onclick="x()">Help</a> <a href="javascript:alert(1)">Bad</a></p>';
    const updated = await call(admin, 'PUT', `/api/app/guides/${id}`, { ...guide(PAYLOAD + link), concurrencyStamp: created.body.concurrencyStamp });
    expect(updated.status).toBe(200);
    const expected = '<p>Kept</p><p><a href="https://vigil.example/help" target="_blank" rel="noopener noreferrer">Help</a> <a>Bad</a></p>';
    expect(updated.body.body).toBe(expected);
    expect(await storedBody(id)).toBe(expected);
  });

  it('a body with nothing allowed left is refused as empty', async () => {
    const res = await call(admin, 'POST', '/api/app/guides', guide('<script>alert(1)</script><style>body{display:none}</style>'));
    expect(res.status).toBe(400);
    expect(res.body.error?.validationErrors?.[0]?.members).toEqual(['body']);
  });

  it('the migration cleans a guide stored before the server cleaned rich text', async () => {
    const created = await call(admin, 'POST', '/api/app/guides', guide('<p>Old</p>'));
    const id = String(created.body.id);
    await sql`update guides set body = ${PAYLOAD} where id = ${id}`.execute(server.database.db);
    await cleanStoredRichText(server.database.db as unknown as Kysely<unknown>);
    expectClean(await storedBody(id));
  });
});
