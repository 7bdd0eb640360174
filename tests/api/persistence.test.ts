import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { DEMO_PASSWORD } from '../../server/seed/demo';

describe('the embedded database keeps its data across a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-data-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users, sign-in history and signing keys; a token from before the restart still works', async () => {
    const first = await startServer('', { dataDir });
    const tokens = await tokensFor(first.url, 'caregiver', DEMO_PASSWORD);
    const before = await first.database.db.selectFrom('security_logs').select('id').execute();
    await first.stop();

    // Same data folder, a new process-equivalent server on another port and the same public URL.
    const second = await startServer('', { dataDir, publicUrl: first.url });
    try {
      const after = await second.database.db.selectFrom('security_logs').select('id').execute();
      expect(after.map((r) => r.id)).toEqual(expect.arrayContaining(before.map((r) => r.id)));
      const users = await second.database.db.selectFrom('users').select('user_name').orderBy('user_name').execute();
      expect(users.map((u) => u.user_name)).toEqual(['admin', 'caregiver', 'fjordstaff', 'staff']);
      const me = await fetch(`${second.url}/api/app/user-overviews/current`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(me.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('answers /health with 503 when the database is gone', async () => {
    const server = await startServer();
    await server.database.close();
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(503);
    await server.app.close();
  });
});

describe('a production install', () => {
  it('creates the first host administrator from ADMIN_PASSWORD, and only once', async () => {
    const server = await startServer('', { seedDemo: false, firstAdmin: { userName: 'root', email: 'root@care.example', password: 'First-Admin-2026' } });
    try {
      expect(server.firstAdmin).toBe('created');
      const tokens = await tokensFor(server.url, 'root', 'First-Admin-2026');
      const config = (await (await fetch(`${server.url}/api/abp/application-configuration`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as {
        auth: { grantedPolicies: Record<string, boolean> };
      };
      expect(config.auth.grantedPolicies['Saas.Tenants']).toBe(true);
    } finally {
      await server.stop();
    }
    const bare = await startServer('', { seedDemo: false });
    expect(bare.firstAdmin).toBe('missing');
    await bare.stop();
  });
});
