import type { Db } from '../db/database';
import type { DynamicDb } from '../schema-engine/resource-model';
import { demoId, isoDate, resourceRow } from './demo-ids';

/** The host's accessories (they are priced on every customer's pricing tab). */
export const DEMO_ACCESSORIES = [
  { name: 'Magnetic charging dock', itemNumber: 'ACC-DOCK-1', description: 'Magnetic desk cradle for the watch, with a 1 m USB-C cable.', launchedDaysAgo: 900, endOfLifeDaysAgo: null },
  { name: 'Soft silicone strap', itemNumber: 'ACC-STRAP-S', description: 'Hypoallergenic strap, easy to fasten with one hand.', launchedDaysAgo: 700, endOfLifeDaysAgo: null },
  { name: 'Locking strap', itemNumber: 'ACC-STRAP-L', description: 'Strap with a clasp only a carer opens, for people who take the watch off.', launchedDaysAgo: 400, endOfLifeDaysAgo: null },
  { name: 'Classic leather strap', itemNumber: 'ACC-STRAP-C', description: 'The first strap of the range, replaced by the soft silicone strap.', launchedDaysAgo: 1500, endOfLifeDaysAgo: 300 },
] as const;

/** Command templates every tenant's staff may send (shared resource: written by the host). */
export const DEMO_COMMAND_TEMPLATES = [
  { name: 'Request position', deviceModel: 'watch4', command: 'CR', isTextMessage: false, variables: [], description: 'Asks the watch for a fix now.' },
  { name: 'Set upload interval', deviceModel: 'watch4', command: 'UPLOAD,{seconds}', isTextMessage: false, variables: ['seconds'], description: 'How often the watch sends its position, in seconds.' },
  { name: 'Set SOS number', deviceModel: 'watch4', command: 'pw,123456,sos1,{phone}#', isTextMessage: true, variables: ['phone'], description: 'The number the SOS button calls; sent as a text message.' },
  { name: 'Restart L10', deviceModel: 'l10', command: 'RESET#', isTextMessage: true, variables: [], description: 'Restarts the tracker.' },
  { name: 'Set APN', deviceModel: 'l10', command: 'APN,{apn},{user},{password}#', isTextMessage: true, variables: ['apn', 'user', 'password'], description: 'Mobile data settings for a new SIM card.' },
] as const;

/** Published guides in every language, and one English draft. */
export const DEMO_GUIDES = [
  { title: 'Getting started with your watch', language: 'en', published: true, sortOrder: 1, body: '<p>Charge the watch for two hours, then switch it on. It finds its position outdoors within a few minutes.</p><ul><li>Add it on the dashboard with its IMEI.</li><li>Draw a safe zone around home.</li></ul>' },
  { title: 'Drawing a safe zone', language: 'en', published: true, sortOrder: 2, body: '<p>Open <strong>Geofence</strong>, draw a circle or a polygon around the places that are safe, and link the watch to it.</p>' },
  { title: 'What happens when an alarm goes off', language: 'en', published: false, sortOrder: 3, body: '<p>Every receiver gets a mail and an in-app message in their own language.</p>' },
  { title: 'Kom godt i gang med uret', language: 'da-DK', published: true, sortOrder: 1, body: '<p>Oplad uret i to timer, og tænd det. Det finder sin position udendørs inden for få minutter.</p>' },
  { title: 'Erste Schritte mit der Uhr', language: 'de-DE', published: true, sortOrder: 1, body: '<p>Laden Sie die Uhr zwei Stunden lang und schalten Sie sie ein. Im Freien findet sie ihre Position in wenigen Minuten.</p>' },
  { title: 'Kom igång med klockan', language: 'sv', published: true, sortOrder: 1, body: '<p>Ladda klockan i två timmar och slå på den. Utomhus hittar den sin position inom några minuter.</p>' },
  { title: 'Kom i gang med klokken', language: 'no', published: true, sortOrder: 1, body: '<p>Lad klokken i to timer og slå den på. Utendørs finner den posisjonen sin i løpet av noen minutter.</p>' },
] as const;

/** Watches the provider registered (device administration): product type, serial number, Stella id. */
export const DEMO_DEVICE_ADMINISTRATION = [
  { productType: 'watch4', serialNumber: 'VW4-DEMO-0001', stellaId: 'STELLA0000001' },
  { productType: 'watch4', serialNumber: 'VW4-DEMO-0002', stellaId: 'STELLA0000002' },
  { productType: 'l10', serialNumber: 'VGL10-DEMO-0001', stellaId: 'STELLA0000003' },
] as const;

/** The host's catalogue: accessories, command templates, guides and device administration (no tenant). */
export async function seedCatalogue(db: Db, adminId: string, now: Date): Promise<void> {
  const dyn = db as unknown as DynamicDb;
  const row = (resource: string, name: string) => resourceRow(demoId('host', resource, name), null, adminId, now);
  await dyn
    .insertInto('accessories')
    .values(
      DEMO_ACCESSORIES.map((a) => ({
        ...row('accessories', a.name),
        name: a.name, item_number: a.itemNumber, description: a.description,
        launch_date: isoDate(now, a.launchedDaysAgo), end_of_life_date: a.endOfLifeDaysAgo === null ? null : isoDate(now, a.endOfLifeDaysAgo),
      })),
    )
    .execute();
  await dyn
    .insertInto('command_templates')
    .values(
      DEMO_COMMAND_TEMPLATES.map((t) => ({
        ...row('command-templates', t.name),
        name: t.name, device_model: t.deviceModel, command: t.command, is_text_message: t.isTextMessage, variables: JSON.stringify(t.variables), description: t.description,
      })),
    )
    .execute();
  await dyn
    .insertInto('guides')
    .values(DEMO_GUIDES.map((g) => ({ ...row('guides', `${g.language}:${g.title}`), title: g.title, language: g.language, body: g.body, published: g.published, sort_order: g.sortOrder })))
    .execute();
  await dyn
    .insertInto('device_administration')
    .values(DEMO_DEVICE_ADMINISTRATION.map((d) => ({ ...row('device-administration', d.serialNumber), product_type: d.productType, serial_number: d.serialNumber, stella_id: d.stellaId })))
    .execute();
}
