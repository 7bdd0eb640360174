import PDFDocument from 'pdfkit';
import type { Db } from '../../db/database';
import { translate } from '../../localization/texts';
import { toAmount } from '../../resource-extensions/products/money';
import { formatDate, money } from './mails';
import type { InvoiceRow } from './invoices';

const PRODUCT_NAME = 'Vigil';

/**
 * An invoice as a PDF (pdfkit): the seller (the caregiver's tenant, with its address and contact
 * from the back office), the buyer's billing details as they were when the invoice was issued,
 * the lines, VAT and totals. Prices include VAT; the VAT part is shown.
 */
interface Seller {
  name: string;
  address: string | null;
  email: string | null;
  phone: string | null;
}

async function sellerOf(db: Db, tenantId: string | null): Promise<Seller> {
  if (tenantId) {
    const t = await db.selectFrom('tenants').select(['name', 'address', 'contact_email', 'phone_number']).where('id', '=', tenantId).executeTakeFirst();
    if (t) return { name: t.name, address: t.address, email: t.contact_email, phone: t.phone_number };
  }
  return { name: PRODUCT_NAME, address: null, email: null, phone: null };
}

export async function invoicePdf(db: Db, invoice: InvoiceRow, lang: string): Promise<Buffer> {
  const seller = await sellerOf(db, invoice.tenant_id);
  const t = (key: string, params?: Record<string, string | number>) => translate(`billing:invoice.${key}`, lang, params);
  const amount = (value: unknown) => money(toAmount(value)!, invoice.currency, lang);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${t('title')} ${invoice.number}`, Author: seller.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(20).text(t('title'), { align: 'right' });
  doc.font('Helvetica').fontSize(10).text(`${t('number')}: ${invoice.number}`, { align: 'right' });
  doc.text(`${t('issued')}: ${formatDate(invoice.issue_time)}`, { align: 'right' });
  doc.text(`${t('period')}: ${formatDate(invoice.period_start)} - ${formatDate(invoice.period_end)}`, { align: 'right' });
  doc.text(`${t('status')}: ${t(`statuses.${invoice.status}`)}`, { align: 'right' });

  const top = 150;
  const block = (x: number, heading: string, lines: (string | null)[]) => {
    doc.font('Helvetica-Bold').fontSize(11).text(heading, x, top);
    doc.font('Helvetica').fontSize(10);
    for (const line of lines.filter((l): l is string => !!l)) doc.text(line, x, undefined, { width: 230 });
  };
  block(50, t('seller'), [seller.name, seller.address, seller.email, seller.phone]);
  const buyer = invoice.buyer;
  block(315, t('buyer'), [buyer.name, buyer.companyName, buyer.vatNumber ? `${t('vatNumber')}: ${buyer.vatNumber}` : null, buyer.additionalInfo, buyer.email]);

  let y = 300;
  doc.font('Helvetica-Bold').fontSize(10);
  doc.text(t('description'), 50, y).text(t('quantity'), 330, y, { width: 50, align: 'right' }).text(t('amount'), 420, y, { width: 125, align: 'right' });
  doc.moveTo(50, y + 15).lineTo(545, y + 15).stroke();
  doc.font('Helvetica');
  y += 25;
  for (const line of invoice.lines) {
    doc.text(line.description, 50, y, { width: 270 }).text(String(line.quantity), 330, y, { width: 50, align: 'right' }).text(amount(line.amount), 420, y, { width: 125, align: 'right' });
    y += 20;
  }
  doc.moveTo(300, y + 5).lineTo(545, y + 5).stroke();
  y += 15;
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 300, y, { width: 150 }).text(value, 420, y, { width: 125, align: 'right' });
    y += 18;
  };
  total(t('subtotal'), amount(invoice.subtotal));
  total(t('vat', { rate: Number(invoice.vat_rate) }), amount(invoice.vat));
  total(t('total'), amount(invoice.total), true);
  if (invoice.status === 'paid' && invoice.paid_time) doc.font('Helvetica').text(t('paidOn', { date: formatDate(invoice.paid_time) }), 50, y + 20);
  doc.end();
  return done;
}
