import type {} from '@fastify/swagger';
import type { FastifyReply } from 'fastify';
import { notFound } from '../http/errors';
import { ID_PARAMS, NOT_FOUND, type Api } from '../http/route-schemas';
import { translate } from '../localization/texts';
import type { ModuleContext } from '../module-context';
import { refuseTenantUsers } from '../permissions/host-only';
import { modelOf, todayIso } from '../schema-engine/records';
import { acceptCsvBodies, csvTextOf, MAX_UPLOAD_BYTES } from '../schema-engine/csv-upload';
import { deviceCsvImporter } from './batch-create';
import { changeSalesType, nameAndOrganization, productLookup, setNameAndOrganization } from './details';
import { availableForExchange, exchangeWithCustomerStock, sendReplacement } from './exchange';
import { availableForOrder, customerOrder, productsAndServices, transferableDevices } from './orders';
import { pairsFromCsv, pairSimcards } from './pair-simcards';
import { deviceAlarmsReport, devicesByTenantReport, devicesReport } from './reports';
import { stockPage } from './stock-list';
import { foundDevices, MAX_BATCH_IDS, STOP_PATHS, stopDevices } from './stop-reasons';
import { troubleshoot } from './troubleshoot';
import { wifiByMac } from './wifi';
import { recordSchema } from '../schema-engine/openapi-schemas';
import { CSV_BODY, idBatchResult, idsBody, UPLOAD_RESULT, XLSX_FILE } from '../http/resource-route-schemas';
import * as S from './route-schemas';
import { XLSX_TYPE } from '../http/content-types';

export { resolveIndoorPosition, type IndoorPosition } from './wifi';

/**
 * Device stock for back-office staff (SPEC section 7, productInstance): the stock list (hostData),
 * devices from CSV, SIM pairing, stop reasons, the exchange flow, customer orders, per-device name,
 * organisation and sales type; the device data reports; troubleshooting; Wi-Fi lookup by MAC.
 */
const BASE = '/api/app/productInstance';
const DEVICES = 'Vigil.Devices';
const UPDATE = `${DEVICES}.Update`;
const tags = ['device-stock'];
const IDS_BODY = idsBody(MAX_BATCH_IDS);
/** stop-reasons.ts StockBatchResult. */
const BATCH_RESULT = idBatchResult(['changed', 'unchanged']);
const { EXCHANGE_BODY, ORDER_BODY, NAME_AND_ORGANIZATION_BODY, SALES_TYPE_BODY } = S;


const sendXlsx = (reply: FastifyReply, name: string, file: Buffer) =>
  reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="${name}-${todayIso()}.xlsx"`).send(file);

export async function deviceStockModule(app: Api, ctx: ModuleContext): Promise<void> {
  const { db, engine } = ctx;
  const importCsv = deviceCsvImporter(db, engine);
  acceptCsvBodies(app);
  const wifiRecord = recordSchema(modelOf(engine, 'wifis'));
  // The CSV uploads take JSON or the CSV file itself (text/csv): their schemas check either.

  app.get(`${BASE}/hostData`, { config: { policy: DEVICES }, schema: { tags, summary: 'The device stock, paged and filtered', querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => stockPage(db, engine, request, request.query));

  app.post(
    `${BASE}/hostData/batchCreate`,
    { config: { policy: `${DEVICES}.Create` }, bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, summary: 'Devices into stock from a CSV file', body: CSV_BODY, response: { 200: UPLOAD_RESULT, ...S.CONFLICT } } },
    (request) => importCsv(request, csvTextOf(request.body)),
  );

  app.post(`${BASE}/hostData/pairSimcards`, { config: { policy: UPDATE }, bodyLimit: MAX_UPLOAD_BYTES, schema: { tags, summary: 'Pair devices with SIM cards by ICCID', body: S.PAIRS_UPLOAD, response: { 200: S.PAIR_RESULT } } }, (request) => {
    const { body, language: lang } = request;
    // The schema lets through the CSV file, `{ csv }` or `{ pairs }` (exactly one of the two).
    const csv = typeof body === 'string' ? body : body.csv;
    const pairs = typeof body === 'string' ? [] : (body.pairs ?? []);
    const rows = csv !== undefined ? pairsFromCsv(csv, lang) : pairs.map((p, i) => ({ row: i + 1, pair: { imei: p.imei.trim(), iccid: p.iccid?.trim() || null } }));
    return pairSimcards(db, engine, request, rows);
  });

  app.post(`${BASE}/stop/:reason`, { config: { policy: UPDATE }, schema: { tags, summary: 'Take devices out of service: lost, awaitingreturn, wasreturned, customerdevice, trash', params: S.REASON_PARAM, body: IDS_BODY, response: { 200: BATCH_RESULT } } }, (request) => {
    const reason = STOP_PATHS[request.params.reason.toLowerCase()];
    if (!reason) throw notFound(translate('stock:errors.unknownStopReason', request.language));
    return stopDevices(db, request, request.body.ids, reason);
  });

  app.post(`${BASE}/paused/found`, { config: { policy: UPDATE }, schema: { tags, summary: 'Stopped devices are back in service', body: IDS_BODY, response: { 200: BATCH_RESULT } } }, (request) =>
    foundDevices(db, request, request.body.ids),
  );

  app.get(`${BASE}/availableForExchange`, { config: { policy: DEVICES }, schema: { tags, summary: 'Devices that can replace a device', querystring: S.EXCHANGE_QUERY, response: { 200: S.EXCHANGE_PAGE, ...NOT_FOUND } } }, (request) =>
    availableForExchange(db, engine, request, request.query),
  );

  app.post(`${BASE}/setReadyToExchangeAndSendReplacement`, { config: { policy: UPDATE }, schema: { tags, summary: 'Mark a device ready to exchange and send a replacement', body: EXCHANGE_BODY, response: { 200: S.EXCHANGE_RESULT, ...NOT_FOUND } } }, (request) => {
    return sendReplacement(db, engine, request, request.body.deviceId, request.body.replacementId);
  });

  app.post(`${BASE}/exchangeWithCustomerStock`, { config: { policy: UPDATE }, schema: { tags, summary: "Exchange a device with one of the customer's stock", body: EXCHANGE_BODY, response: { 200: S.EXCHANGE_RESULT, ...NOT_FOUND } } }, (request) => {
    return exchangeWithCustomerStock(db, engine, request, request.body.deviceId, request.body.replacementId);
  });

  app.get(`${BASE}/product-lookup`, { config: { policy: `${DEVICES}|Vigil.Troubleshoot` }, schema: { tags, summary: 'Devices by name, IMEI or device ID', querystring: S.LOOKUP_QUERY, response: { 200: S.LOOKUP_RESULT } } }, (request) => productLookup(db, request, request.query));
  app.get(`${BASE}/availableForOrder`, { config: { policy: DEVICES }, schema: { tags, summary: 'Stock devices a customer can order', querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => availableForOrder(db, engine, request, request.query));
  app.get(`${BASE}/transferableDevices`, { config: { policy: DEVICES }, schema: { tags, summary: "Customers' unused devices", querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => transferableDevices(db, engine, request, request.query));

  app.post(`${BASE}/customerOrder`, { config: { policy: UPDATE }, schema: { tags, summary: "Devices into a customer's stock", body: ORDER_BODY, response: { 200: S.ORDER_RESULT, ...NOT_FOUND } } }, (request) =>
    customerOrder(db, engine, request, request.body),
  );

  app.get(`${BASE}/productsAndServices`, { config: { policy: DEVICES }, schema: { tags, summary: 'What a customer holds', querystring: S.CUSTOMER_QUERY, response: { 200: S.PRODUCTS_AND_SERVICES, ...NOT_FOUND } } }, (request) =>
    productsAndServices(db, engine, request, request.query.customerId),
  );

  app.get(`${BASE}/nameandOrganization/:id`, { config: { policy: DEVICES }, schema: { tags, summary: "A device's name and organisation", params: ID_PARAMS, response: { 200: S.NAME_AND_ORGANIZATION } } }, (request) =>
    nameAndOrganization(db, engine, request, request.params.id),
  );
  app.put(`${BASE}/nameandOrganization/:id`, { config: { policy: UPDATE }, schema: { tags, summary: "Change a device's name and organisation", params: ID_PARAMS, body: NAME_AND_ORGANIZATION_BODY, response: { 200: S.NAME_AND_ORGANIZATION } } }, (request) =>
    setNameAndOrganization(db, engine, request, request.params.id, request.body),
  );
  app.put(`${BASE}/changesalestype/:id`, { config: { policy: UPDATE }, schema: { tags, summary: "Change a device's sales type", params: ID_PARAMS, body: SALES_TYPE_BODY, response: { 200: S.SALES_TYPE } } }, (request) =>
    changeSalesType(db, request, request.params.id, request.body.salesType),
  );

  app.get('/api/app/datareport/devices', { config: { policy: DEVICES }, schema: { tags, summary: 'The device stock as an Excel file', querystring: S.REPORT_QUERY, response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'devices', await devicesReport(db, engine, request, request.query)),
  );
  app.get('/api/app/datareport/devicesByTenant', { config: { policy: DEVICES }, preHandler: refuseTenantUsers, schema: { tags, summary: 'Device counts per tenant as an Excel file', response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'devices-by-tenant', await devicesByTenantReport(db, request)),
  );
  app.get('/api/app/datareport/devicealarms', { config: { policy: DEVICES }, schema: { tags, summary: 'Device alarms as an Excel file', querystring: S.ALARMS_REPORT_QUERY, response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'device-alarms', await deviceAlarmsReport(db, request, request.query)),
  );

  app.get('/api/app/troubleshoot/:deviceId', { config: { policy: 'Vigil.Troubleshoot' }, schema: { tags, summary: "A device's state and latest raw messages", params: S.DEVICE_ID_PARAM, querystring: S.TROUBLESHOOT_QUERY, response: { 200: S.TROUBLESHOOT } } }, (request) =>
    troubleshoot(db, request, request.params.deviceId, request.query.MaxResultCount),
  );

  app.get('/api/app/wifi/by-mac/:mac', { config: { policy: 'Vigil.Wifis' }, schema: { tags: ['wifis'], summary: 'The Wi-Fi network with a MAC address', params: S.MAC_PARAM, response: { 200: wifiRecord } } }, (request) =>
    wifiByMac(db, engine, request, request.params.mac),
  );
}
