import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../server/permissions/catalogue';
import { DATABASES, startServer, type TestServer } from '../support/server';
import { tokensFor } from '../support/sign-in';
import { createTenantUser } from '../support/fixtures';
import { caller } from '../support/api-calls';
import { translate } from '../../server/localization/texts';
import { fieldLabel } from '../../server/schema-engine/resource-model';

/** The invoice list as an Excel file: server/resource-extensions/invoices. */
describe.each(DATABASES)('invoice export ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let tenantA: string;
  let tenantB: string;
  const call = caller(() => server);

  const download = async (token: string, query = '', lang = 'en') => {
    const res = await fetch(`${server.url}/api/app/invoice/excel${query}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body };
  };
  const readSheet = async (file: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl);
    const policies = policyCatalogue(server.engine.schemas);
    const a = await createTenantUser(server.database.db, { tenant: 'Invoice Tenant A', userName: 'invoice-a', role: 'admin', policies });
    const b = await createTenantUser(server.database.db, { tenant: 'Invoice Tenant B', userName: 'invoice-b', role: 'admin', policies });
    [tenantA, tenantB] = (await Promise.all([a, b].map((u) => tokensFor(server.url, u.userName, u.password).then((t) => t.access_token)))) as [string, string];
    const customer = await call(tenantA, 'POST', '/api/app/customer', { name: 'Aarhus Care', customerNumber: 'AC-1', country: 'DK', currency: 'DKK', discountPercentage: 0 });
    const invoice = (number: string, amount: number, status: string, issueDate: string) =>
      call(tenantA, 'POST', '/api/app/invoice', { number, customerId: customer.body.id, issueDate, dueDate: '2026-12-31', amount, currency: 'DKK', status, type: 'monthly' });
    for (const res of await Promise.all([invoice('INV-1', 1234.5, 'open', '2026-03-01'), invoice('INV-2', 99.99, 'open', '2026-04-01'), invoice('INV-3', 10, 'paid', '2026-02-01')])) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(async () => server?.stop());

  it('exports the filtered list with translated headers, real dates and 2-decimal amounts', async () => {
    const { res, body } = await download(tenantA, '?status=open&Sorting=issueDate%20asc&MaxResultCount=1');
    expect(res.status, body.toString().slice(0, 300)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoices-${today}.xlsx"`);

    const sheet = await readSheet(body);
    expect(sheet.name).toBe('Invoices');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Invoice number', 'Customer', 'Issue date', 'Due date', 'Amount', 'Currency', 'Status', 'Billing interval', 'Paid on']);
    // Every match, not one page: MaxResultCount does not limit an export.
    expect(sheet.actualRowCount).toBe(3);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('INV-1');
    expect(first.getCell(2).value).toBe('Aarhus Care');
    expect(first.getCell(3).value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(5).value).toBe(1234.5);
    expect(first.getCell(5).numFmt).toBe('#,##0.00');
    expect(first.getCell(7).value).toBe('Open');
    expect(sheet.getRow(3).getCell(1).value).toBe('INV-2');
  });

  it("labels columns in the caller's language and shows only the caller's tenant", async () => {
    const da = await readSheet((await download(tenantA, '?status=paid', 'da-DK')).body);
    expect(da.getRow(1).getCell(1).value).toBe('Fakturanummer');
    expect(da.getRow(2).getCell(7).value).toBe('Betalt');
    const other = await download(tenantB);
    expect(other.res.status).toBe(200);
    expect((await readSheet(other.body)).actualRowCount).toBe(1);
  });

  it("refuses bad filters with ABP's 400 in the caller's language, and takes several values of a field's filter", async () => {
    const { res } = await download(tenantA, '?amount_gte=lots');
    expect(res.status).toBe(400);
    const refusal = (member: string, message: string) => ({
      status: 400,
      body: { error: { code: 'Vigil:Validation', message: translate('errors.validation', 'de'), details: null, data: {}, validationErrors: [{ members: [member], message }] } },
    });
    const excel = (query: string) => call(tenantA, 'GET', `/api/app/invoice/excel?${query}`, undefined, { lang: 'de-DE' });
    expect(await excel('amount_gte=lots')).toMatchObject(refusal('amount_gte', translate('validation:number', 'de')));
    expect(await excel('Sorting=nope')).toMatchObject(refusal('sorting', translate('validation:invalid', 'de', { field: 'Sorting' })));
    const issueDate = fieldLabel(server.engine.models.get('invoices')!.schema, 'issueDate', 'de');
    expect(await excel('issueDate_gte=yesterday')).toMatchObject(refusal('issueDate_gte', translate('validation:invalid', 'de', { field: issueDate })));
    expect((await excel('paidDate_isNull=perhaps')).status).toBe(400);
    // status=open&status=paid: either; paging is no part of an export and is dropped.
    const both = await download(tenantA, '?status=open&status=paid&issueDate_gte=2026-02-15&SkipCount=5');
    expect(both.res.status).toBe(200);
    expect((await readSheet(both.body)).actualRowCount).toBe(3);
  });
});
