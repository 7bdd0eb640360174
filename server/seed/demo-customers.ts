import type { Db } from '../db/database';
import type { DynamicDb } from '../schema-engine/resource-model';
import { DEMO_PRICING, demoRecordId } from './demo-billing';
import type { DemoTenantContext } from './demo-accounts';
import { demoId, demoStamp, isoDate, resourceRow } from './demo-ids';
import type { OrganizationIds } from './demo-organizations';

/** A customer of a demo tenant with its contact people, the organizations it is the default customer of, and its invoices. */
export interface DemoCustomer {
  name: string;
  customerNumber: string;
  vatNumber: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  country: 'DK' | 'SE' | 'NO' | 'DE' | 'FI';
  currency: 'DKK' | 'EUR' | 'SEK' | 'NOK' | 'USD';
  discountPercentage: number;
  contacts: readonly { name: string; role: string; email: string; phone: string; isPrimary: boolean }[];
  /** Organizations (by name) whose default customer this is: the customer's linked organisations. */
  organizations: readonly string[];
  /** Invoices: number, months before now, amount, status. */
  invoices: readonly { number: string; monthsAgo: number; amount: number; status: 'draft' | 'open' | 'paid' | 'void'; type: 'monthly' | 'yearly' }[];
}

export const SUNRISE_CUSTOMERS: readonly DemoCustomer[] = [
  {
    name: 'Copenhagen Municipality', customerNumber: 'C-1001', vatNumber: 'DK64942212', email: 'care@kk.example.dk', phone: '+4533663366',
    address: 'Rådhuspladsen 1', postalCode: '1599', city: 'Copenhagen V', country: 'DK', currency: 'DKK', discountPercentage: 15,
    contacts: [
      { name: 'Mette Holm', role: 'Care coordinator', email: 'mette.holm@kk.example.dk', phone: '+4533661001', isPrimary: true },
      { name: 'Jonas Berg', role: 'Procurement', email: 'jonas.berg@kk.example.dk', phone: '+4533661002', isPrimary: false },
    ],
    organizations: ['Sunrise Care North', 'Nørrebro Home Care', 'Østerbro Day Centre'],
    invoices: [
      { number: 'SC-INV-1001', monthsAgo: 3, amount: 12450, status: 'paid', type: 'monthly' },
      { number: 'SC-INV-1004', monthsAgo: 2, amount: 12890, status: 'paid', type: 'monthly' },
      { number: 'SC-INV-1007', monthsAgo: 1, amount: 13120, status: 'open', type: 'monthly' },
    ],
  },
  {
    name: 'Frederiksberg Municipality', customerNumber: 'C-1002', vatNumber: 'DK11259979', email: 'omsorg@frb.example.dk', phone: '+4538213821',
    address: 'Smallegade 1', postalCode: '2000', city: 'Frederiksberg', country: 'DK', currency: 'DKK', discountPercentage: 12.5,
    contacts: [
      { name: 'Anders Lund', role: 'Head of home care', email: 'anders.lund@frb.example.dk', phone: '+4538211001', isPrimary: true },
      { name: 'Sofie Krogh', role: 'Invoicing', email: 'sofie.krogh@frb.example.dk', phone: '+4538211002', isPrimary: false },
    ],
    organizations: ['Sunrise Care South', 'Valby Home Care'],
    invoices: [
      { number: 'SC-INV-1002', monthsAgo: 13, amount: 98000, status: 'paid', type: 'yearly' },
      { number: 'SC-INV-1008', monthsAgo: 1, amount: 101500, status: 'draft', type: 'yearly' },
    ],
  },
];

/** Contacts and invoices of the pricing customer the billing demo writes ('Sunrise Care families'). */
const FAMILIES = {
  contacts: [{ name: 'Clara Carer', role: 'Family representative', email: 'caregiver@example.com', phone: '+4520304050', isPrimary: true }],
  invoices: [{ number: 'SC-INV-1003', monthsAgo: 2, amount: 358, status: 'void', type: 'monthly' }],
} as const;

const DAY_MS = 86_400_000;

/**
 * Customers with contact people, linked organisations (their default customer) and back-office
 * invoices, as the customers, contact-people and invoices resources write them.
 */
export async function seedCustomers(db: Db, ctx: DemoTenantContext, organizations: OrganizationIds, customers: readonly DemoCustomer[] = SUNRISE_CUSTOMERS, withFamilies = true): Promise<void> {
  const dyn = db as unknown as DynamicDb;
  const row = (id: string) => resourceRow(id, ctx.tenantId, ctx.staffId, ctx.now);
  const customerId = (name: string) => demoRecordId(ctx.tenantId, 'customers', name);
  await dyn
    .insertInto('customers')
    .values(
      customers.map((c) => ({
        ...row(customerId(c.name)),
        name: c.name, customer_number: c.customerNumber, vat_number: c.vatNumber, email: c.email, invoice_email: c.email, phone: c.phone,
        address: c.address, postal_code: c.postalCode, city: c.city, country: c.country, currency: c.currency, discount_percentage: c.discountPercentage,
      })),
    )
    .execute();

  const families = withFamilies ? [{ name: DEMO_PRICING.customer, currency: DEMO_PRICING.currency, ...FAMILIES }] : [];
  const all = [...customers, ...families];
  const contacts = all.flatMap((c) => c.contacts.map((p) => ({ customer: c.name, ...p })));
  await dyn
    .insertInto('contact_people')
    .values(contacts.map((p) => ({ ...row(demoId(customerId(p.customer), 'contact', p.name)), customer_id: customerId(p.customer), name: p.name, role: p.role, email: p.email, phone: p.phone, is_primary: p.isPrimary })))
    .execute();

  // Linking an organization is setting its default customer (POST customer/{id}/linkedOrganizations).
  for (const c of customers) {
    for (const name of c.organizations) {
      const id = organizations.get(name)!;
      await dyn.updateTable('organizations').set({ default_customer_id: customerId(c.name), concurrency_stamp: demoStamp(`${id}:linked`) }).where('id', '=', id).execute();
    }
  }

  const invoices = all.flatMap((c) => c.invoices.map((i) => ({ customer: c.name, currency: c.currency, ...i })));
  await dyn
    .insertInto('invoices')
    .values(
      invoices.map((i) => {
        const issued = new Date(ctx.now.getTime() - i.monthsAgo * 30 * DAY_MS);
        return {
          ...row(demoId(ctx.tenantId, 'invoice', i.number)),
          number: i.number,
          customer_id: customerId(i.customer),
          issue_date: isoDate(issued),
          due_date: isoDate(issued, -30),
          amount: i.amount,
          currency: i.currency,
          status: i.status,
          type: i.type,
          paid_date: i.status === 'paid' ? isoDate(issued, -12) : null,
        };
      }),
    )
    .execute();
}
