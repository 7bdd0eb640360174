import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { CAREGIVER_POLICIES } from '../../common/policies';
import { ROLE_PLUG_AND_PLAY_USER } from '../../common/roles';
import type { Config } from '../../server/config';
import { normalize } from '../../server/identity/user-records';
import { DEMO_TENANT } from '../../server/seed/demo';
import { caller } from './api-calls';
import { createTenantUser } from './fixtures';
import { startServer, type TestServer } from './server';
import { tokensFor } from './sign-in';
import { startSmtpServer, type TestMailbox } from './smtp';

/** The real server with a real SMTP mailbox, sign-in limits raised, and helpers the accounts tests share. */
export async function accountsServer(databaseUrl: string, overrides: Partial<Config> = {}) {
  const mailbox: TestMailbox = await startSmtpServer();
  const server: TestServer = await startServer(databaseUrl, { smtpUrl: mailbox.url, signInLimit: { perIp: 10_000, perLogin: 10_000, windowSeconds: 300 }, ...overrides });
  const db = server.database.db;
  const sunrise = await db.selectFrom('tenants').select('id').where('normalized_name', '=', normalize(DEMO_TENANT)).executeTakeFirstOrThrow();
  const call = caller(() => server);
  /** An anonymous JSON call. */
  const anonymous = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'accept-language': 'en', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: { code: string; message: string; validationErrors: { message: string; members: string[] }[] | null } } };
  };
  /** A signed-in carer of Sunrise Care ('Plug and Play User'), with its access token. */
  const caregiver = async (prefix = 'carer') => {
    const user = await createTenantUser(db, { tenantId: sunrise.id, userName: `${prefix}-${randomUUID().slice(0, 8)}`, role: ROLE_PLUG_AND_PLAY_USER, policies: CAREGIVER_POLICIES });
    const tokens = await tokensFor(server.url, user.userName, user.password);
    return { ...user, email: `${user.userName}@fixtures.vigil.local`, token: tokens.access_token, tokens };
  };
  /** A watch owned by a user, with its subscription 'active' or 'paused'. */
  const watch = async (ownerId: string, subscription: 'active' | 'paused') => {
    const id = randomUUID();
    const imei = `35${Math.floor(Math.random() * 1e13).toString().padStart(13, '0')}`;
    await db.insertInto('devices').values({ id, tenant_id: sunrise.id, owner_user_id: ownerId, name: `Watch ${imei.slice(-4)}`, imei, concurrency_stamp: randomUUID(), creator_id: ownerId }).execute();
    await db.updateTable('devices').set({ subscription_status: subscription }).where('id', '=', id).execute();
    return id;
  };
  return {
    server,
    mailbox,
    db,
    sunriseId: sunrise.id,
    call,
    anonymous,
    caregiver,
    watch,
    async stop() {
      await server.stop();
      await mailbox.stop();
    },
  };
}

export type AccountsServer = Awaited<ReturnType<typeof accountsServer>>;

export const mailTo = (address: string) => (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '').toLowerCase() === address.toLowerCase();

/** The first link to `path` in a mail's text. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[?]/g, '\\?')}\\S*`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]);
}

/** The first message of a 400's validation errors for each member. */
export function problemsOf(body: { error?: { validationErrors: { message: string; members: string[] }[] | null } }): Record<string, string> {
  const first: Record<string, string> = {};
  for (const e of body.error?.validationErrors ?? []) first[e.members[0]!] ??= e.message;
  return first;
}
