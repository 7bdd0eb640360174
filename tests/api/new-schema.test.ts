import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { schemaFolderWith } from '../support/schema-folder';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/** One file is enough: a schema dropped into the schemas folder is a working, guarded resource. */
describe('a resource added by one schema file', () => {
  const folder = schemaFolderWith(path.join(import.meta.dirname, '..', 'fixtures', 'visit-notes.schema.json'));
  let server: TestServer;
  let writer: string;
  let caregiver: string;
  const endpoint = '/api/app/visit-notes';

  beforeAll(async () => {
    server = await startServer('', { schemasDir: folder.dir });
    const tenantId = (await server.database.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow()).id;
    const user = await createTenantUser(server.database.db, {
      tenantId,
      userName: 'notes-writer',
      role: 'Visit note writer',
      policies: ['Vigil.VisitNotes', 'Vigil.VisitNotes.Create', 'Vigil.VisitNotes.Update', 'Vigil.VisitNotes.Delete'],
    });
    writer = (await tokensFor(server.url, user.userName, user.password)).access_token;
    caregiver = (await tokensFor(server.url, 'caregiver', DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await server?.stop();
    folder.remove();
  });

  const call = async (token: string, method: string, url: string, body?: unknown, lang = 'en') => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  it('has a table with the fields and their indexes', async () => {
    const columns = await server.database.db
      .selectFrom('information_schema.columns' as never)
      .select(['column_name' as never])
      .where('table_name' as never, '=', 'visit_notes' as never)
      .execute();
    expect(columns.map((c) => (c as { column_name: string }).column_name)).toEqual(
      expect.arrayContaining(['id', 'tenant_id', 'title', 'visit_date', 'mood', 'body', 'concurrency_stamp', 'is_deleted', 'creation_time', 'creator_id']),
    );
  });

  it('creates, lists with filters, updates and deletes', async () => {
    const created = await call(writer, 'POST', endpoint, { title: 'Sunday visit', visitDate: '2026-11-15', mood: 'calm', body: 'Walked to the lake.' });
    expect(created.status).toBe(200);
    await call(writer, 'POST', endpoint, { title: 'Monday visit', visitDate: '2026-11-16', mood: 'restless' });
    const calm = await call(writer, 'GET', `${endpoint}?mood=calm`);
    expect((calm.body!.items as { title: string }[]).map((i) => i.title)).toEqual(['Sunday visit']);
    const search = await call(writer, 'GET', `${endpoint}?Filter=lake`);
    expect(search.body!.totalCount).toBe(1);
    const sorted = await call(writer, 'GET', `${endpoint}?Sorting=visitDate asc`);
    expect((sorted.body!.items as { title: string }[]).map((i) => i.title)).toEqual(['Sunday visit', 'Monday visit']);
    const updated = await call(writer, 'PUT', `${endpoint}/${String(created.body!.id)}`, { ...created.body, mood: 'confused' });
    expect(updated.body!.mood).toBe('confused');
    expect((await call(writer, 'DELETE', `${endpoint}/${String(created.body!.id)}`)).status).toBe(204);
  });

  it('validates with translated messages from the file itself', async () => {
    const res = await call(writer, 'POST', endpoint, { title: '', visitDate: 'tomorrow', mood: 'happy' }, 'da-DK');
    expect(res.status).toBe(400);
    const errors = (res.body!.error as { validationErrors: { message: string; members: string[] }[] }).validationErrors;
    expect(errors.map((e) => e.members[0]).sort()).toEqual(['mood', 'title', 'visitDate']);
    expect(errors.find((e) => e.members[0] === 'title')!.message).toBe('Skal være mindst 1 tegn');
    expect(errors.find((e) => e.members[0] === 'visitDate')!.message).toBe('Besøgsdato er ugyldig');
  });

  it('is guarded by its own policy', async () => {
    expect((await call(caregiver, 'GET', endpoint)).status).toBe(403);
    expect(server.app.routeCatalogue.filter((r) => r.url.startsWith(endpoint)).map((r) => r.policy).sort()).toEqual([
      // list, get, create, delete, bulk delete, update, bulk update
      'Vigil.VisitNotes', 'Vigil.VisitNotes', 'Vigil.VisitNotes.Create', 'Vigil.VisitNotes.Delete', 'Vigil.VisitNotes.Delete', 'Vigil.VisitNotes.Update', 'Vigil.VisitNotes.Update',
    ]);
  });

  it('is offered to the web app with its translations', async () => {
    const schemas = await call(writer, 'GET', '/api/app/schemas');
    expect((schemas.body!.items as { 'x-resource': { name: string } }[]).map((s) => s['x-resource'].name)).toEqual(['visit-notes']);
    // The others are named, so the web app shows Access denied at their paths.
    const unreadable = schemas.body!.unreadable as string[];
    expect(unreadable).toContain('customers');
    expect(unreadable).not.toContain('visit-notes');
    const da = (await (await fetch(`${server.url}/locales/da/schemas.json`)).json()) as { resources: Record<string, { name: string; fields: Record<string, string> }> };
    expect(da.resources['visit-notes']).toMatchObject({ name: 'Besøgsnoter', fields: { visitDate: 'Besøgsdato' } });
  });

  it("is checked in the browser by the server's own compiled rule, a module served by hash", async () => {
    const schemas = await call(writer, 'GET', '/api/app/schemas');
    const path = (schemas.body!.items as { 'x-validator'?: string }[])[0]!['x-validator']!;
    expect(path).toMatch(/^\/api\/app\/validators\/[0-9a-f]{20}\.js$/);
    // A module import carries no token: anonymous, cacheable for ever (the name changes with the schema).
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const code = await res.text();
    const file = `${folder.dir}/check.mjs`;
    (await import('node:fs')).writeFileSync(file, code);
    const validate = ((await import(file)) as { default: { (data: unknown): boolean; errors?: { instancePath: string; keyword: string }[] } }).default;
    expect(validate({ title: 'Sunday visit', visitDate: '2026-11-15', mood: 'calm' })).toBe(true);
    expect(validate({ title: '', visitDate: 'tomorrow', mood: 'happy' })).toBe(false);
    // The same fields the server refused above.
    expect(validate.errors!.map((e) => e.instancePath.slice(1)).sort()).toEqual(['mood', 'title', 'visitDate']);

    for (const bad of ['/api/app/validators/0000000000000000000a.js', '/api/app/validators/..%2f..%2fpackage.json', `/api/app/validators/${'f'.repeat(70)}.js`]) {
      const refused = await fetch(`${server.url}${bad}`);
      expect(refused.status, bad).toBeGreaterThanOrEqual(400);
      expect(refused.status, bad).toBeLessThan(500);
      expect(((await refused.json()) as { error?: { message?: string } }).error?.message, bad).toBeTruthy();
    }
  });
});
