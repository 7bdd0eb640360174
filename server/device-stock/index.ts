import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bodyValidator } from '../http/body-validation';
import { notFound } from '../http/errors';
import { queryParam } from '../http/paging';
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
import type { SalesType } from './tables';
import { troubleshoot } from './troubleshoot';
import { wifiByMac } from './wifi';
import { recordSchema } from '../schema-engine/openapi-schemas';
import { CSV_BODY, HAND_CHECKED, NOT_FOUND, idBatchResult, idsBody, UPLOAD_RESULT, XLSX_FILE } from '../http/resource-route-schemas';
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
const { EXCHANGE_BODY, ORDER_BODY, PAIRS_BODY, NAME_AND_ORGANIZATION_BODY, SALES_TYPE_BODY } = S;

const readIds = bodyValidator<{ ids: string[] }>(IDS_BODY);
const readExchange = bodyValidator<{ deviceId: string; replacementId: string }>(EXCHANGE_BODY);
const readOrder = bodyValidator<{ customerId: string; deviceIds: string[] }>(ORDER_BODY);
const readPairs = bodyValidator<{ pairs?: { imei: string; iccid?: string | null }[]; csv?: string }>(PAIRS_BODY);
const readNameAndOrganization = bodyValidator<{ name: string; organizationId?: string | null }>(NAME_AND_ORGANIZATION_BODY);
const readSalesType = bodyValidator<{ salesType: SalesType }>(SALES_TYPE_BODY);

const sendXlsx = (reply: FastifyReply, name: string, file: Buffer) =>
  reply.header('content-type', XLSX_TYPE).header('content-disposition', `attachment; filename="${name}-${todayIso()}.xlsx"`).send(file);

export async function deviceStockModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, engine } = ctx;
  const importCsv = deviceCsvImporter(db, engine);
  acceptCsvBodies(app);
  const wifiRecord = recordSchema(modelOf(engine, 'wifis'));
  // Routes with a body or query take HAND_CHECKED: the handlers' own checks answer, translated.

  app.get(`${BASE}/hostData`, { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'The device stock, paged and filtered', querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => stockPage(db, engine, request));

  app.post(
    `${BASE}/hostData/batchCreate`,
    { config: { policy: `${DEVICES}.Create` }, bodyLimit: MAX_UPLOAD_BYTES, ...HAND_CHECKED, schema: { tags, summary: 'Devices into stock from a CSV file', body: CSV_BODY, response: { 200: UPLOAD_RESULT, ...S.CONFLICT } } },
    (request) => importCsv(request, csvTextOf(request.body, request.language)),
  );

  app.post(`${BASE}/hostData/pairSimcards`, { config: { policy: UPDATE }, bodyLimit: MAX_UPLOAD_BYTES, ...HAND_CHECKED, schema: { tags, summary: 'Pair devices with SIM cards by ICCID', body: S.PAIRS_UPLOAD, response: { 200: S.PAIR_RESULT } } }, (request) => {
    const lang = request.language;
    const body = readPairs(typeof request.body === 'string' ? { csv: request.body } : request.body, lang);
    const rows = body.csv !== undefined ? pairsFromCsv(body.csv, lang) : body.pairs!.map((p, i) => ({ row: i + 1, pair: { imei: p.imei.trim(), iccid: p.iccid?.trim() || null } }));
    return pairSimcards(db, engine, request, rows);
  });

  app.post<{ Params: { reason: string } }>(`${BASE}/stop/:reason`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: 'Take devices out of service: lost, awaitingreturn, wasreturned, customerdevice, trash', params: S.REASON_PARAM, body: IDS_BODY, response: { 200: BATCH_RESULT } } }, (request) => {
    const reason = STOP_PATHS[request.params.reason.toLowerCase()];
    if (!reason) throw notFound(translate('stock:errors.unknownStopReason', request.language));
    return stopDevices(db, request, readIds(request.body, request.language).ids, reason);
  });

  app.post(`${BASE}/paused/found`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: 'Stopped devices are back in service', body: IDS_BODY, response: { 200: BATCH_RESULT } } }, (request) =>
    foundDevices(db, request, readIds(request.body, request.language).ids),
  );

  app.get(`${BASE}/availableForExchange`, { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'Devices that can replace a device', querystring: S.EXCHANGE_QUERY, response: { 200: S.EXCHANGE_PAGE, ...NOT_FOUND } } }, (request) => {
    const deviceId = queryParam(request.query as Record<string, unknown>, 'deviceId');
    return availableForExchange(db, engine, request, typeof deviceId === 'string' ? deviceId : '');
  });

  app.post(`${BASE}/setReadyToExchangeAndSendReplacement`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: 'Mark a device ready to exchange and send a replacement', body: EXCHANGE_BODY, response: { 200: S.EXCHANGE_RESULT, ...NOT_FOUND } } }, (request) => {
    const body = readExchange(request.body, request.language);
    return sendReplacement(db, engine, request, body.deviceId, body.replacementId);
  });

  app.post(`${BASE}/exchangeWithCustomerStock`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: "Exchange a device with one of the customer's stock", body: EXCHANGE_BODY, response: { 200: S.EXCHANGE_RESULT, ...NOT_FOUND } } }, (request) => {
    const body = readExchange(request.body, request.language);
    return exchangeWithCustomerStock(db, engine, request, body.deviceId, body.replacementId);
  });

  app.get(`${BASE}/product-lookup`, { config: { policy: `${DEVICES}|Vigil.Troubleshoot` }, ...HAND_CHECKED, schema: { tags, summary: 'Devices by name, IMEI or device ID', querystring: S.LOOKUP_QUERY, response: { 200: S.LOOKUP_RESULT } } }, (request) => productLookup(db, request));
  app.get(`${BASE}/availableForOrder`, { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'Stock devices a customer can order', querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => availableForOrder(db, engine, request));
  app.get(`${BASE}/transferableDevices`, { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: "Customers' unused devices", querystring: S.STOCK_QUERY, response: { 200: S.STOCK_PAGE } } }, (request) => transferableDevices(db, engine, request));

  app.post(`${BASE}/customerOrder`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: "Devices into a customer's stock", body: ORDER_BODY, response: { 200: S.ORDER_RESULT, ...NOT_FOUND } } }, (request) =>
    customerOrder(db, engine, request, readOrder(request.body, request.language)),
  );

  app.get(`${BASE}/productsAndServices`, { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'What a customer holds', querystring: S.CUSTOMER_QUERY, response: { 200: S.PRODUCTS_AND_SERVICES, ...NOT_FOUND } } }, (request) => {
    const customerId = queryParam(request.query as Record<string, unknown>, 'customerId');
    return productsAndServices(db, engine, request, typeof customerId === 'string' ? customerId : undefined);
  });

  app.get<{ Params: { id: string } }>(`${BASE}/nameandOrganization/:id`, { config: { policy: DEVICES }, schema: { tags, summary: "A device's name and organisation", params: S.ID_PARAM, response: { 200: S.NAME_AND_ORGANIZATION } } }, (request) =>
    nameAndOrganization(db, engine, request, request.params.id),
  );
  app.put<{ Params: { id: string } }>(`${BASE}/nameandOrganization/:id`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: "Change a device's name and organisation", params: S.ID_PARAM, body: NAME_AND_ORGANIZATION_BODY, response: { 200: S.NAME_AND_ORGANIZATION } } }, (request) =>
    setNameAndOrganization(db, engine, request, request.params.id, readNameAndOrganization(request.body, request.language)),
  );
  app.put<{ Params: { id: string } }>(`${BASE}/changesalestype/:id`, { config: { policy: UPDATE }, ...HAND_CHECKED, schema: { tags, summary: "Change a device's sales type", params: S.ID_PARAM, body: SALES_TYPE_BODY, response: { 200: S.SALES_TYPE } } }, (request) =>
    changeSalesType(db, request, request.params.id, readSalesType(request.body, request.language).salesType),
  );

  app.get('/api/app/datareport/devices', { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'The device stock as an Excel file', querystring: S.REPORT_QUERY, response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'devices', await devicesReport(db, engine, request)),
  );
  app.get('/api/app/datareport/devicesByTenant', { config: { policy: DEVICES }, preHandler: refuseTenantUsers, schema: { tags, summary: 'Device counts per tenant as an Excel file', response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'devices-by-tenant', await devicesByTenantReport(db, request)),
  );
  app.get('/api/app/datareport/devicealarms', { config: { policy: DEVICES }, ...HAND_CHECKED, schema: { tags, summary: 'Device alarms as an Excel file', querystring: S.ALARMS_REPORT_QUERY, response: { 200: XLSX_FILE } } }, async (request, reply) =>
    sendXlsx(reply, 'device-alarms', await deviceAlarmsReport(db, request)),
  );

  app.get<{ Params: { deviceId: string } }>('/api/app/troubleshoot/:deviceId', { config: { policy: 'Vigil.Troubleshoot' }, ...HAND_CHECKED, schema: { tags, summary: "A device's state and latest raw messages", params: S.DEVICE_ID_PARAM, querystring: S.TROUBLESHOOT_QUERY, response: { 200: S.TROUBLESHOOT } } }, (request) =>
    troubleshoot(db, request, request.params.deviceId),
  );

  app.get<{ Params: { mac: string } }>('/api/app/wifi/by-mac/:mac', { config: { policy: 'Vigil.Wifis' }, schema: { tags: ['wifis'], summary: 'The Wi-Fi network with a MAC address', params: S.MAC_PARAM, response: { 200: wifiRecord } } }, (request) =>
    wifiByMac(db, engine, request, request.params.mac),
  );
}
