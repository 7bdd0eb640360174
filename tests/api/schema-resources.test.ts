import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { loadSchemas } from '../../server/schema-engine/load-schemas';
import { policyCatalogue } from '../../server/permissions/catalogue';
import type { ResourceSchema } from '../../common/schema/types';
import { nonNullTypes } from '../../common/schema/naming';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { sampleRecord } from '../support/sample-record';
import { DEMO_PASSWORD } from '../../server/seed/demo';

/**
 * Generated from the schema files, not written by hand: every schema resource's API is exercised
 * for CRUD, validation, concurrency, tenant isolation and bad input, on every database.
 */
const schemas = loadSchemas(loadConfig().schemasDir);

interface AbpError {
  error: { message: string; validationErrors: { message: string; members: string[] }[] | null };
}

describe.each(DATABASES)('schema resources ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let admin: string;
  let tenantA: string;
  let tenantB: string;
  const byName = new Map(schemas.map((s) => [s['x-resource'].name, s]));
  const created = new Map<string, string>();

  const call = async (token: string, method: string, path: string, body?: unknown, lang = 'en') => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & AbpError };
  };
  const actorFor = (schema: ResourceSchema) => (schema['x-resource'].scope === 'tenant' ? tenantA : admin);

  /** Creates (once) a record of a resource, with its own references, and returns its id. */
  async function ensureRecord(name: string, token: string): Promise<string> {
    const key = `${name}:${token === admin ? 'host' : 'a'}`;
    const known = created.get(key);
    if (known) return known;
    const schema = byName.get(name)!;
    const actor = schema['x-resource'].scope === 'tenant' ? token : admin;
    const refs: Record<string, string> = {};
    for (const property of Object.values(schema.properties)) {
      const ref = property['x-reference'];
      if (ref && ref.resource !== name) refs[ref.resource] = await ensureRecord(ref.resource, actor);
    }
    const res = await call(actor, 'POST', schema['x-resource'].endpoint, sampleRecord(schema, (r) => refs[r] ?? null));
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    created.set(key, String(res.body.id));
    return String(res.body.id);
  }

  async function validBody(schema: ResourceSchema, token: string) {
    const refs: Record<string, string> = {};
    for (const property of Object.values(schema.properties)) {
      const ref = property['x-reference'];
      if (ref && ref.resource !== schema['x-resource'].name) refs[ref.resource] = await ensureRecord(ref.resource, token);
    }
    return sampleRecord(schema, (r) => refs[r] ?? null);
  }

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Tenant A Care', userName: 'tenant-a-admin', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Tenant B Care', userName: 'tenant-b-admin', role: 'admin', policies });
    [admin, tenantA, tenantB] = await Promise.all([
      tokensFor(server.url, 'admin', DEMO_PASSWORD).then((t) => t.access_token),
      tokensFor(server.url, a.userName, a.password).then((t) => t.access_token),
      tokensFor(server.url, b.userName, b.password).then((t) => t.access_token),
    ]);
  });
  afterAll(async () => server?.stop());

  it('serves one resource per schema file', () => {
    expect(schemas.length).toBeGreaterThan(0);
    expect([...server.engine.models.keys()].sort()).toEqual(schemas.map((s) => s['x-resource'].name).sort());
  });

  describe.each(schemas.map((s) => [s['x-resource'].name, s] as const))('%s', (name, schema) => {
    const { endpoint } = schema['x-resource'];

    it('creates, reads, lists, updates (409 on a stale stamp) and deletes', async () => {
      const actor = actorFor(schema);
      const body = await validBody(schema, actor);
      const created = await call(actor, 'POST', endpoint, body);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      for (const [field, value] of Object.entries(body)) expect(created.body[field], field).toEqual(value);
      const id = String(created.body.id);

      const read = await call(actor, 'GET', `${endpoint}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.concurrencyStamp).toBe(created.body.concurrencyStamp);

      const list = await call(actor, 'GET', `${endpoint}?MaxResultCount=1000`);
      expect(list.status).toBe(200);
      expect((list.body.items as { id: string }[]).some((i) => i.id === id)).toBe(true);

      const updated = await call(actor, 'PUT', `${endpoint}/${id}`, { ...created.body });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.concurrencyStamp).not.toBe(created.body.concurrencyStamp);
      const stale = await call(actor, 'PUT', `${endpoint}/${id}`, { ...created.body });
      expect(stale.status).toBe(409);

      expect((await call(actor, 'DELETE', `${endpoint}/${id}`)).status).toBe(204);
      expect((await call(actor, 'GET', `${endpoint}/${id}`)).status).toBe(404);
    });

    it('refuses each missing required field with a 400 naming it', async () => {
      const actor = actorFor(schema);
      const body = await validBody(schema, actor);
      // A required field with a default is filled in when left out, so only the others are refused.
      for (const field of (schema.required ?? []).filter((f) => schema.properties[f]?.default === undefined)) {
        const rest = { ...body };
        delete rest[field];
        const res = await call(actor, 'POST', endpoint, rest);
        expect(res.status, field).toBe(400);
        expect(res.body.error.validationErrors!.flatMap((v) => v.members), field).toContain(field);
      }
    });

    it('refuses wrong types, unknown fields and oversized strings, in the caller\'s language, writing nothing', async () => {
      const actor = actorFor(schema);
      const body = await validBody(schema, actor);
      const before = (await call(actor, 'GET', `${endpoint}?MaxResultCount=1`)).body.totalCount;
      for (const [field, property] of Object.entries(schema.properties)) {
        if (property.readOnly || property['x-computed']) continue;
        const [type] = nonNullTypes(property.type);
        const wrong = type === 'string' ? { nested: true } : 'not-a-' + type;
        const res = await call(actor, 'POST', endpoint, { ...body, [field]: wrong });
        expect(res.status, `${field} = ${JSON.stringify(wrong)}`).toBe(400);
        expect(res.body.error.validationErrors!.flatMap((v) => v.members)).toContain(field);
        if (type === 'string' && property.maxLength) {
          const long = await call(actor, 'POST', endpoint, { ...body, [field]: 'x'.repeat(property.maxLength + 1) });
          expect(long.status, `${field} too long`).toBe(400);
        }
      }
      const unknown = await call(actor, 'POST', endpoint, { ...body, notAField: 1 }, 'de-DE');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.validationErrors![0]!.members).toEqual(['notAField']);
      expect(unknown.body.error.message).toBe('Ihre Anfrage ist ungültig. Bitte prüfen Sie die markierten Felder.');
      expect((await call(actor, 'GET', `${endpoint}?MaxResultCount=1`)).body.totalCount).toBe(before);
    });

    it('answers bad list parameters with a 400 and treats SQL in Filter as text', async () => {
      const actor = actorFor(schema);
      for (const query of ['MaxResultCount=1001', 'SkipCount=-5', 'Sorting=noSuchField', "Sorting=name;drop table users", 'Sorting=creationTime%20desc,%20id']) {
        expect((await call(actor, 'GET', `${endpoint}?${query}`)).status, query).toBe(400);
      }
      const sneaky = await call(actor, 'GET', `${endpoint}?Filter=${encodeURIComponent("x' or 1=1; drop table users; --")}`);
      expect(sneaky.status).toBe(200);
      expect(sneaky.body.totalCount).toBe(0);
      const camel = await call(actor, 'GET', `${endpoint}?skipCount=0&maxResultCount=2&sorting=creationTime desc`);
      expect(camel.status).toBe(200);
      expect((camel.body.items as unknown[]).length).toBeLessThanOrEqual(2);
    });

    if (schema['x-resource'].scope === 'tenant') {
      it("never shows or changes another tenant's record (404), whatever the caller sends", async () => {
        const body = await validBody(schema, tenantA);
        const created = await call(tenantA, 'POST', endpoint, body);
        expect(created.status).toBe(200);
        const id = String(created.body.id);
        expect((await call(tenantB, 'GET', `${endpoint}/${id}`)).status).toBe(404);
        expect((await call(tenantB, 'PUT', `${endpoint}/${id}`, created.body)).status).toBe(404);
        expect((await call(tenantB, 'DELETE', `${endpoint}/${id}`)).status).toBe(404);
        const list = await call(tenantB, 'GET', `${endpoint}?MaxResultCount=1000&id=${id}`);
        expect(list.body.totalCount).toBe(0);
        // The record is untouched.
        expect((await call(tenantA, 'GET', `${endpoint}/${id}`)).body.concurrencyStamp).toBe(created.body.concurrencyStamp);
      });
    } else if (schema['x-resource'].scope === 'shared') {
      it("is the host's to write and everyone's to read: a tenant's user reads, gets 403 on writes", async () => {
        const created = await call(admin, 'POST', endpoint, await validBody(schema, admin));
        expect(created.status).toBe(200);
        const id = String(created.body.id);
        expect((await call(tenantA, 'GET', `${endpoint}/${id}`)).status).toBe(200);
        expect((await call(tenantA, 'POST', endpoint, await validBody(schema, admin))).status).toBe(403);
        expect((await call(tenantA, 'PUT', `${endpoint}/${id}`, created.body)).status).toBe(403);
        expect((await call(tenantA, 'DELETE', `${endpoint}/${id}`)).status).toBe(403);
      });
    } else {
      it("is the host's: a tenant's user gets 403 even holding the policy", async () => {
        expect((await call(tenantA, 'GET', endpoint)).status).toBe(403);
        expect((await call(tenantA, 'POST', endpoint, await validBody(schema, admin))).status).toBe(403);
      });
    }
  });
});

describe('uniqueness rules of the schema engine', () => {
  let server: TestServer;
  let staff: string;
  let other: string;
  beforeAll(async () => {
    server = await startServer();
    const policies = policyCatalogue(server.engine.schemas);
    const b = await createTenantUser(server.database.db, { tenant: 'Other Care', userName: 'other-admin', role: 'admin', policies });
    staff = (await tokensFor(server.url, 'staff', DEMO_PASSWORD)).access_token;
    other = (await tokensFor(server.url, b.userName, b.password)).access_token;
  });
  afterAll(async () => server?.stop());

  const post = (token: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('lets several records leave an optional unique field empty, and refuses a taken value by name', async () => {
    const noNumber = { name: 'No number care' };
    expect((await post(staff, '/api/app/customer', noNumber)).status).toBe(200);
    expect((await post(staff, '/api/app/customer', { name: 'No number care 2' })).status).toBe(200);
    const wifi = { macAddress: 'AA:BB:CC:DD:EE:01', ssid: 'Home', latitude: 55.68, longitude: 12.57 };
    expect((await post(staff, '/api/app/wifi', wifi)).status).toBe(200);
    const again = await post(staff, '/api/app/wifi', wifi);
    expect(again.status).toBe(400);
    expect(((await again.json()) as AbpError).error.validationErrors).toEqual([{ message: 'Mac address already exists', members: ['macAddress'] }]);
    // Another tenant may use the same MAC address.
    expect((await post(other, '/api/app/wifi', wifi)).status).toBe(200);
  });

  it("keeps a watch's IMEI unique across all tenants", async () => {
    const res = await post(other, '/api/app/productInstance', { name: 'Borrowed', imei: '356938035643809', model: 'watch4', status: 'offline', subscriptionStatus: 'active' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as AbpError).error.validationErrors![0]!.members).toEqual(['imei']);
  });
});
