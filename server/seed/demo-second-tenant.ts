import type { Db } from '../db/database';
import { ALARM_TYPES } from '../../common/alarm-kinds';
import { assignRole, createDemoTenant, createDemoUser, grantStaffRole, type DemoTenantContext, type DemoUser } from './demo-accounts';
import { seedCare, type DemoCitizen } from './demo-care';
import { seedCustomers, type DemoCustomer } from './demo-customers';
import { seedHistory } from './demo-history';
import { demoRecordId } from './demo-billing';
import { seedOrganizations, type DemoOrganization } from './demo-organizations';
import { seedAlarmTexts, seedMessages } from './demo-texts';

const FJORD_TREE: readonly DemoOrganization[] = [
  { name: 'Fjord Care', code: 'FJORD', parent: null, address: 'Bryggen 5', postalCode: '5003', city: 'Bergen', phone: '+4755300000', email: 'post@fjord-care.local' },
  { name: 'Fjord Care Bergen', code: 'FJORD-BGO', parent: 'Fjord Care', address: 'Strandgaten 18', postalCode: '5013', city: 'Bergen', phone: '+4755300100', email: 'bergen@fjord-care.local' },
];

const FJORD_CUSTOMERS: readonly DemoCustomer[] = [
  {
    name: 'Bergen kommune', customerNumber: 'F-2001', vatNumber: 'NO964338531', email: 'omsorg@bergen.example.no', phone: '+4755560000',
    address: 'Rådhusgaten 10', postalCode: '5014', city: 'Bergen', country: 'NO', currency: 'NOK', discountPercentage: 10,
    contacts: [{ name: 'Ingrid Solberg', role: 'Omsorgskoordinator', email: 'ingrid.solberg@bergen.example.no', phone: '+4755561001', isPrimary: true }],
    organizations: ['Fjord Care', 'Fjord Care Bergen'],
    invoices: [{ number: 'FJ-INV-2001', monthsAgo: 1, amount: 8400, status: 'open', type: 'monthly' }],
  },
];

const FJORD_CITIZENS: readonly DemoCitizen[] = [
  {
    firstName: 'Olav', lastName: 'Haugen', dateOfBirth: '1939-02-17', phone: '+4755201001', organization: 'Fjord Care Bergen',
    address: 'Øvre Fjellsmauet 3', postalCode: '5018', city: 'Bergen', notes: 'Retired fisherman; walks to the fish market.',
    home: { lat: 60.3953, lon: 5.3302 }, zone: { name: 'Olav: home', radius: 200 },
    imei: '869380041000082', watchName: "Olav's watch", iccid: '8947080100000000082', simPhone: '+4791000082', mac: '3C:84:6A:20:00:82', ssid: 'Haugen',
  },
  {
    firstName: 'Solveig', lastName: 'Nilsen', dateOfBirth: '1943-09-30', phone: '+4755201002', organization: 'Fjord Care Bergen',
    address: 'Kalfarveien 31', postalCode: '5018', city: 'Bergen', notes: 'Son Erik visits on Sundays.',
    home: { lat: 60.3867, lon: 5.3415 }, zone: { name: 'Solveig: home', radius: 150 },
    imei: '869380041000090', watchName: "Solveig's watch", iccid: '8947080100000000090', simPhone: '+4791000090', mac: '3C:84:6A:20:00:90', ssid: 'Nilsen',
  },
];

/**
 * The second demo tenant ('Fjord Care', Bergen): its own staff user with the demo password and
 * the same tenant-side policies as Sunrise Care's staff, an organisation tree, a customer with a
 * contact and an invoice, alarm texts in all five languages, a message, and two citizens with
 * watches and a week of history. Nothing of it is visible to Sunrise Care, nor the reverse.
 */
export async function seedSecondTenant(db: Db, opts: { name: string; staff: DemoUser; passwordHash: string; now: Date }): Promise<void> {
  const tenantId = await createDemoTenant(db, opts.name);
  const role = await grantStaffRole(db, tenantId);
  const staffId = await createDemoUser(db, tenantId, opts.staff, opts.passwordHash);
  await assignRole(db, staffId, role, tenantId);

  const ctx: DemoTenantContext = { tenantId, key: 'fjord', staffId, now: opts.now };
  const organizations = await seedOrganizations(db, ctx, FJORD_TREE, []);
  await seedCustomers(db, ctx, organizations, FJORD_CUSTOMERS, false);
  await seedAlarmTexts(db, ctx, ALARM_TYPES);
  await seedMessages(db, ctx, [
    { title: 'Velkommen til Fjord Care', body: 'Klokken er satt opp. Åpne oversikten for å se hvor den er.', hoursFromNow: -24 * 6, audience: 'customer', customerId: demoRecordId(tenantId, 'customers', 'Bergen kommune'), channel: 'email', status: 'sent' },
  ]);
  const watches = await seedCare(db, ctx, organizations, FJORD_CITIZENS, []);
  await seedHistory(db, ctx, watches);
}
