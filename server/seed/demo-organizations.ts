import type { Db } from '../db/database';
import type { DynamicDb } from '../schema-engine/resource-model';
import { DEMO_PRICING, demoRecordId } from './demo-billing';
import type { DemoTenantContext } from './demo-accounts';
import { resourceRow } from './demo-ids';

/** An organization of a demo tree: its parent by name (null at the top). */
export interface DemoOrganization {
  name: string;
  code: string;
  parent: string | null;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
}

/**
 * Sunrise Care's organisation tree, three levels deep under the top-level organization the billing
 * demo creates ('Sunrise Care'): two regions, each with home-care districts.
 */
const SUNRISE_TREE: readonly DemoOrganization[] = [
  { name: 'Sunrise Care North', code: 'SUNRISE-N', parent: DEMO_PRICING.organization, address: 'Nørrebrogade 120', postalCode: '2200', city: 'Copenhagen N', phone: '+4533100100', email: 'north@sunrise-care.local' },
  { name: 'Sunrise Care South', code: 'SUNRISE-S', parent: DEMO_PRICING.organization, address: 'Valby Langgade 60', postalCode: '2500', city: 'Valby', phone: '+4533100200', email: 'south@sunrise-care.local' },
  { name: 'Nørrebro Home Care', code: 'SUNRISE-N-NB', parent: 'Sunrise Care North', address: 'Jagtvej 55', postalCode: '2200', city: 'Copenhagen N', phone: '+4533100110', email: 'norrebro@sunrise-care.local' },
  { name: 'Østerbro Day Centre', code: 'SUNRISE-N-OB', parent: 'Sunrise Care North', address: 'Østerbrogade 90', postalCode: '2100', city: 'Copenhagen Ø', phone: '+4533100120', email: 'osterbro@sunrise-care.local' },
  { name: 'Valby Home Care', code: 'SUNRISE-S-VA', parent: 'Sunrise Care South', address: 'Toftegårds Allé 12', postalCode: '2500', city: 'Valby', phone: '+4533100210', email: 'valby@sunrise-care.local' },
];

/** The organizations' ids by name (the top-level one included), for citizens, customers and messages. */
export type OrganizationIds = ReadonlyMap<string, string>;

/**
 * Writes a tree in one insert (columns as the organizations resource writes them). `existing`
 * names organizations already written (Sunrise Care's top level, by the billing demo).
 */
export async function seedOrganizations(db: Db, ctx: DemoTenantContext, tree: readonly DemoOrganization[] = SUNRISE_TREE, existing: readonly string[] = [DEMO_PRICING.organization]): Promise<OrganizationIds> {
  const ids = new Map<string, string>(existing.map((name) => [name, demoRecordId(ctx.tenantId, 'organizations', name)]));
  for (const o of tree) ids.set(o.name, demoRecordId(ctx.tenantId, 'organizations', o.name));
  await (db as unknown as DynamicDb)
    .insertInto('organizations')
    .values(
      tree.map((o) => ({
        ...resourceRow(ids.get(o.name)!, ctx.tenantId, ctx.staffId, ctx.now),
        name: o.name,
        code: o.code,
        parent_id: o.parent === null ? null : ids.get(o.parent)!,
        address: o.address,
        postal_code: o.postalCode,
        city: o.city,
        phone: o.phone,
        email: o.email,
      })),
    )
    .execute();
  return ids;
}
