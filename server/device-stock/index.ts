import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bodyValidator } from '../http/body-validation';
import { notFound } from '../http/errors';
import { queryParam } from '../http/paging';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { refuseTenantUsers } from '../permissions/host-only';
import { todayIso } from '../modules/shared/records';
import { acceptCsvBodies, csvTextOf, MAX_UPLOAD_BYTES } from '../modules/shared/csv-upload';
import { deviceCsvImporter } from './batch-create';
import { changeSalesType, nameAndOrganization, productLookup, setNameAndOrganization } from './details';
import { availableForExchange, exchangeWithCustomerStock, sendReplacement } from './exchange';
import { availableForOrder, customerOrder, productsAndServices, transferableDevices } from './orders';
import { pairsFromCsv, pairSimcards } from './pair-simcards';
import { deviceAlarmsReport, devicesByTenantReport, devicesReport } from './reports';
import { stockPage } from './stock-list';
import { foundDevices, MAX_BATCH_IDS, STOP_PATHS, stopDevices } from './stop-reasons';
import { SALES_TYPES, type SalesType } from './tables';
import { troubleshoot } from './troubleshoot';
import { wifiByMac } from './wifi';

export { resolveIndoorPosition, type IndoorPosition } from './wifi';

/**
 * Device stock for back-office staff (SPEC section 7, productInstance): the stock list (hostData),
 * devices from CSV, SIM pairing, stop reasons, the exchange flow, customer orders, per-device name,
 * organisation and sales type; the device data reports; troubleshooting; Wi-Fi lookup by MAC.
 */
const BASE = '/api/app/productInstance';
const DEVICES = 'Vigil.Devices';
const UPDATE = `${DEVICES}.Update`;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['device-stock'];

const ID = { type: 'string', maxLength: 64 };
const readIds = bodyValidator<{ ids: string[] }>({
  type: 'object',
  properties: { ids: { type: 'array', minItems: 1, maxItems: MAX_BATCH_IDS, items: ID } },
  required: ['ids'],
  additionalProperties: false,
});
const readExchange = bodyValidator<{ deviceId: string; replacementId: string }>({
  type: 'object',
  properties: { deviceId: ID, replacementId: ID },
  required: ['deviceId', 'replacementId'],
  additionalProperties: false,
});
const readOrder = bodyValidator<{ customerId: string; deviceIds: string[] }>({
  type: 'object',
  properties: { customerId: ID, deviceIds: { type: 'array', minItems: 1, maxItems: MAX_BATCH_IDS, items: ID } },
  required: ['customerId', 'deviceIds'],
  additionalProperties: false,
});
const readPairs = bodyValidator<{ pairs?: { imei: string; iccid?: string | null }[]; csv?: string }>({
  type: 'object',
  properties: {
    pairs: {
      type: 'array',
      minItems: 1,
      maxItems: 10_000,
      items: { type: 'object', properties: { imei: { type: 'string', minLength: 1, maxLength: 32 }, iccid: { type: ['string', 'null'], maxLength: 20 } }, required: ['imei'], additionalProperties: false },
    },
    csv: { type: 'string' },
  },
  oneOf: [{ required: ['pairs'] }, { required: ['csv'] }],
  additionalProperties: false,
});
const readNameAndOrganization = bodyValidator<{ name: string; organizationId?: string | null }>({
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }, organizationId: { type: ['string', 'null'], format: 'uuid' } },
  required: ['name'],
  additionalProperties: false,
});
const readSalesType = bodyValidator<{ salesType: SalesType }>({
  type: 'object',
  properties: { salesType: { type: 'string', enum: [...SALES_TYPES] } },
  required: ['salesType'],
  additionalProperties: false,
});

const sendXlsx = (reply: FastifyReply, name: string, file: Buffer) =>
  reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}-${todayIso()}.xlsx"`).send(file);

export async function deviceStockModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, engine } = ctx;
  const importCsv = deviceCsvImporter(db, engine);
  acceptCsvBodies(app);

  app.get(`${BASE}/hostData`, { config: { policy: DEVICES }, schema: { tags, summary: 'The device stock, paged and filtered' } }, (request) => stockPage(db, engine, request));

  app.post(
    `${BASE}/hostData/batchCreate`,
    { config: { policy: `${DEVICES}.Create` }, bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, summary: 'Devices into stock from a CSV file' } },
    (request) => importCsv(request, csvTextOf(request.body, request.language)),
  );

  app.post(`${BASE}/hostData/pairSimcards`, { config: { policy: UPDATE }, bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, summary: 'Pair devices with SIM cards by ICCID' } }, (request) => {
    const lang = request.language;
    const body = readPairs(typeof request.body === 'string' ? { csv: request.body } : request.body, lang);
    const rows = body.csv !== undefined ? pairsFromCsv(body.csv, lang) : body.pairs!.map((p, i) => ({ row: i + 1, pair: { imei: p.imei.trim(), iccid: p.iccid?.trim() || null } }));
    return pairSimcards(db, engine, request, rows);
  });

  app.post<{ Params: { reason: string } }>(`${BASE}/stop/:reason`, { config: { policy: UPDATE }, schema: { tags, summary: 'Take devices out of service: lost, awaitingreturn, wasreturned, customerdevice, trash' } }, (request) => {
    const reason = STOP_PATHS[request.params.reason.toLowerCase()];
    if (!reason) throw notFound(translate('stock:errors.unknownStopReason', request.language));
    return stopDevices(db, request, readIds(request.body, request.language).ids, reason);
  });

  app.post(`${BASE}/paused/found`, { config: { policy: UPDATE }, schema: { tags, summary: 'Stopped devices are back in service' } }, (request) =>
    foundDevices(db, request, readIds(request.body, request.language).ids),
  );

  app.get(`${BASE}/availableForExchange`, { config: { policy: DEVICES }, schema: { tags, summary: 'Devices that can replace a device' } }, (request) => {
    const deviceId = queryParam(request.query as Record<string, unknown>, 'deviceId');
    return availableForExchange(db, engine, request, typeof deviceId === 'string' ? deviceId : '');
  });

  app.post(`${BASE}/setReadyToExchangeAndSendReplacement`, { config: { policy: UPDATE }, schema: { tags, summary: 'Mark a device ready to exchange and send a replacement' } }, (request) => {
    const body = readExchange(request.body, request.language);
    return sendReplacement(db, engine, request, body.deviceId, body.replacementId);
  });

  app.post(`${BASE}/exchangeWithCustomerStock`, { config: { policy: UPDATE }, schema: { tags, summary: "Exchange a device with one of the customer's stock" } }, (request) => {
    const body = readExchange(request.body, request.language);
    return exchangeWithCustomerStock(db, engine, request, body.deviceId, body.replacementId);
  });

  app.get(`${BASE}/product-lookup`, { config: { policy: `${DEVICES}|Vigil.Troubleshoot` }, schema: { tags, summary: 'Devices by name, IMEI or device ID' } }, (request) => productLookup(db, request));
  app.get(`${BASE}/availableForOrder`, { config: { policy: DEVICES }, schema: { tags, summary: 'Stock devices a customer can order' } }, (request) => availableForOrder(db, engine, request));
  app.get(`${BASE}/transferableDevices`, { config: { policy: DEVICES }, schema: { tags, summary: "Customers' unused devices" } }, (request) => transferableDevices(db, engine, request));

  app.post(`${BASE}/customerOrder`, { config: { policy: UPDATE }, schema: { tags, summary: "Devices into a customer's stock" } }, (request) =>
    customerOrder(db, engine, request, readOrder(request.body, request.language)),
  );

  app.get(`${BASE}/productsAndServices`, { config: { policy: DEVICES }, schema: { tags, summary: 'What a customer holds' } }, (request) => {
    const customerId = queryParam(request.query as Record<string, unknown>, 'customerId');
    return productsAndServices(db, engine, request, typeof customerId === 'string' ? customerId : undefined);
  });

  app.get<{ Params: { id: string } }>(`${BASE}/nameandOrganization/:id`, { config: { policy: DEVICES }, schema: { tags, summary: "A device's name and organisation" } }, (request) =>
    nameAndOrganization(db, engine, request, request.params.id),
  );
  app.put<{ Params: { id: string } }>(`${BASE}/nameandOrganization/:id`, { config: { policy: UPDATE }, schema: { tags, summary: "Change a device's name and organisation" } }, (request) =>
    setNameAndOrganization(db, engine, request, request.params.id, readNameAndOrganization(request.body, request.language)),
  );
  app.put<{ Params: { id: string } }>(`${BASE}/changesalestype/:id`, { config: { policy: UPDATE }, schema: { tags, summary: "Change a device's sales type" } }, (request) =>
    changeSalesType(db, request, request.params.id, readSalesType(request.body, request.language).salesType),
  );

  app.get('/api/app/datareport/devices', { config: { policy: DEVICES }, schema: { tags, summary: 'The device stock as an Excel file' } }, async (request, reply) =>
    sendXlsx(reply, 'devices', await devicesReport(db, engine, request)),
  );
  app.get('/api/app/datareport/devicesByTenant', { config: { policy: DEVICES }, preHandler: refuseTenantUsers, schema: { tags, summary: 'Device counts per tenant as an Excel file' } }, async (request, reply) =>
    sendXlsx(reply, 'devices-by-tenant', await devicesByTenantReport(db, request)),
  );
  app.get('/api/app/datareport/devicealarms', { config: { policy: DEVICES }, schema: { tags, summary: 'Device alarms as an Excel file' } }, async (request, reply) =>
    sendXlsx(reply, 'device-alarms', await deviceAlarmsReport(db, request)),
  );

  app.get<{ Params: { deviceId: string } }>('/api/app/troubleshoot/:deviceId', { config: { policy: 'Vigil.Troubleshoot' }, schema: { tags, summary: "A device's state and latest raw messages" } }, (request) =>
    troubleshoot(db, request, request.params.deviceId),
  );

  app.get<{ Params: { mac: string } }>('/api/app/wifi/by-mac/:mac', { config: { policy: 'Vigil.Wifis' }, schema: { tags: ['wifis'], summary: 'The Wi-Fi network with a MAC address' } }, (request) =>
    wifiByMac(db, engine, request, request.params.mac),
  );
}
