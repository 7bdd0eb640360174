import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { recentCommands } from '../../server/commands';
import { migrate } from '../../server/db/database';
import { databaseMigratedTo } from '../support/migrated-to';
import { DATABASES } from '../support/server';

/**
 * Migration 031 on a database with commands: 'delivered' becomes 'acknowledged' (its time kept),
 * every command gets the states its row tells, and the status check takes the new states only.
 */
describe.each(DATABASES)('the command states migration ($name)', ({ url }) => {
  const opened: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it('keeps every command, with its states', async () => {
    const { db, close } = await databaseMigratedTo(url, '029_privacy');
    opened.push(close);
    const tenantId = randomUUID();
    await sql`insert into tenants (id, name, normalized_name, concurrency_stamp) values (${tenantId}, 'Old Care', 'OLD CARE', 'x')`.execute(db);
    const deviceId = randomUUID();
    await sql`insert into devices (id, tenant_id, name, imei, concurrency_stamp) values (${deviceId}, ${tenantId}, 'Old watch', '356938035640002', 'x')`.execute(db);
    const t = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 9, minutes));
    const rows = [
      { name: 'queued', channel: 'device', status: 'queued', sent: null, delivered: null, error: null },
      { name: 'sent', channel: 'device', status: 'sent', sent: t(1), delivered: null, error: null },
      { name: 'delivered', channel: 'device', status: 'delivered', sent: t(1), delivered: t(2), error: null },
      { name: 'sms', channel: 'sms', status: 'sent', sent: t(0), delivered: null, error: null },
      { name: 'smsFailed', channel: 'sms', status: 'failed', sent: null, delivered: null, error: 'SMS gateway answered 500' },
    ].map((r) => ({ ...r, id: randomUUID() }));
    for (const r of rows) {
      await sql`insert into device_commands (id, tenant_id, device_id, type, text, channel, status, error, creation_time, sent_time, delivered_time)
        values (${r.id}, ${tenantId}, ${deviceId}, 'template', ${r.name}, ${r.channel}, ${r.status}, ${r.error}, ${t(0)}, ${r.sent}, ${r.delivered})`.execute(db);
    }

    await migrate(db);

    const byText = new Map((await recentCommands(db, deviceId)).map((c) => [c.text, c]));
    const summary = (name: string) => {
      const c = byText.get(name)!;
      return { status: c.status, acknowledgedTime: c.acknowledgedTime, states: c.states.map((s) => [s.status, s.time, s.detail]) };
    };
    const at = (minutes: number) => t(minutes).toISOString();
    expect(summary('queued')).toEqual({ status: 'queued', acknowledgedTime: null, states: [['queued', at(0), null]] });
    expect(summary('sent')).toEqual({ status: 'sent', acknowledgedTime: null, states: [['queued', at(0), null], ['sent', at(1), null]] });
    expect(summary('delivered')).toEqual({ status: 'acknowledged', acknowledgedTime: at(2), states: [['queued', at(0), null], ['sent', at(1), null], ['acknowledged', at(2), null]] });
    expect(summary('sms')).toEqual({ status: 'sent', acknowledgedTime: null, states: [['sent', at(0), null]] });
    expect(summary('smsFailed')).toEqual({ status: 'failed', acknowledgedTime: null, states: [['failed', at(0), 'SMS gateway answered 500']] });

    // The check holds the new states, and the queued commands' index is still there.
    await expect(sql`update device_commands set status = 'delivered' where id = ${rows[0]!.id}`.execute(db)).rejects.toThrow(/device_commands_status_check/);
    await sql`update device_commands set status = 'expired' where id = ${rows[0]!.id}`.execute(db);
    const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'device_commands_queued_idx'`.execute(db);
    expect(index.rows[0]?.indexdef).toMatch(/WHERE \(status = 'queued'::text\)/);
  });
});
