import type { Db } from '../db/database';
import type { DynamicDb } from '../schema-engine/resource-model';
import { LANGUAGES } from '../../common/languages';
import { ALARM_TYPES, textKeysOf, type AlarmType } from '../../common/alarm-kinds';
import { translate } from '../localization/texts';
import type { DemoTenantContext } from './demo-accounts';
import { demoId, resourceRow } from './demo-ids';
import type { OrganizationIds } from './demo-organizations';

const HOUR_MS = 3600_000;

/**
 * A tenant's own alarm texts in all five languages (en, da-DK, de-DE, sv, no), starting from the
 * product's wording (tracking:alarm.*, with its {{device}}, {{zone}}, {{time}}, {{battery}}
 * placeholders), so the tenant's alarm mails read as before until staff change them.
 */
export async function seedAlarmTexts(db: Db, ctx: DemoTenantContext, types: readonly AlarmType[]): Promise<void> {
  const rows = types.flatMap((type) =>
    LANGUAGES.map((language) => ({
      ...resourceRow(demoId(ctx.tenantId, 'alarm-texts', type, language.cultureName), ctx.tenantId, ctx.staffId, ctx.now),
      event_type: type,
      language: language.cultureName,
      subject: translate(textKeysOf(type).subject, language.cultureName),
      body: translate(textKeysOf(type).body, language.cultureName),
    })),
  );
  await (db as unknown as DynamicDb).insertInto('alarm_texts').values(rows).execute();
}

/** Scheduled messages: sent, scheduled and a draft, to everyone, an organization or a customer. */
export async function seedMessages(
  db: Db,
  ctx: DemoTenantContext,
  messages: readonly { title: string; body: string; hoursFromNow: number; audience: 'allUsers' | 'organization' | 'customer'; organizationId?: string; customerId?: string; channel: 'inApp' | 'email' | 'sms'; status: 'draft' | 'scheduled' | 'sent' }[],
): Promise<void> {
  await (db as unknown as DynamicDb)
    .insertInto('messages')
    .values(
      messages.map((m) => {
        const sendAt = new Date(ctx.now.getTime() + m.hoursFromNow * HOUR_MS);
        return {
          ...resourceRow(demoId(ctx.tenantId, 'messages', m.title), ctx.tenantId, ctx.staffId, ctx.now),
          title: m.title, body: m.body, send_at: sendAt, audience: m.audience, organization_id: m.organizationId ?? null, customer_id: m.customerId ?? null,
          channel: m.channel, status: m.status, sent_at: m.status === 'sent' ? sendAt : null,
        };
      }),
    )
    .execute();
}

/**
 * Sunrise Care's alarm texts and messages. Its SOS text is left to the product's wording: the
 * alarm tests give the tenant an SOS text of their own and expect it to be the only one.
 */
export async function seedTexts(db: Db, ctx: DemoTenantContext, organizations: OrganizationIds, customerId: (name: string) => string): Promise<void> {
  await seedAlarmTexts(db, ctx, ALARM_TYPES.filter((t) => t !== 'sos'));
  await seedMessages(db, ctx, [
    { title: 'Welcome to Sunrise Care', body: 'Your watch is set up. Open the dashboard to see where it is and who is alarmed.', hoursFromNow: -24 * 10, audience: 'allUsers', channel: 'inApp', status: 'sent' },
    { title: 'Winter walks', body: 'Icy pavements this week: check that the watch is charged before a walk.', hoursFromNow: -24 * 2, audience: 'organization', organizationId: organizations.get('Sunrise Care North')!, channel: 'email', status: 'sent' },
    { title: 'Planned maintenance', body: 'The service is updated on Sunday between 02:00 and 03:00. Alarms are delivered as usual.', hoursFromNow: 24 * 3, audience: 'allUsers', channel: 'email', status: 'scheduled' },
    { title: 'New invoice layout', body: 'From next month the invoice lists each watch on its own line.', hoursFromNow: 24 * 14, audience: 'customer', customerId: customerId('Copenhagen Municipality'), channel: 'email', status: 'draft' },
  ]);
}
