import type {} from '@fastify/swagger';
import type { FastifyReply } from 'fastify';
import { POLICIES } from '../../../common/policies';
import { notFound } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { BillingContext } from '../context';
import { customerNotFound } from '../errors';
import { paymentLogos } from '../gateway/logos';
import { addCard, cardDto, defaultCard, listCards, removeCard, setDefaultCard } from '../service/cards';
import { customerDto, rememberLanguage, requireCustomer } from '../service/customers';
import { invoiceDto, listInvoices } from '../service/invoices';
import { invoicePdf } from '../service/invoice-pdf';
import { callerOf, once } from './request-helpers';
import type { Api } from '../../http/route-schemas';
import {
  CARD, CARD_BODY, CARD_ID_BODY, CARD_LIST, CARD_PARAMS, CUSTOMER, GATEWAY_REFUSALS, INVOICE_LIST, INVOICE_PDF, INVOICE_QUERY, NOT_FOUND, PAYMENT_LOGOS,
} from './route-schemas';

/**
 * /api/stripe/payment/*: the account's cards and invoices (SPEC section 7). A card arrives either
 * typed into the built-in form ({ card: { number, expMonth, expYear, cvc, postalCode? } }, built-in
 * gateway) or as a Stripe PaymentMethod id made by Stripe Elements ({ paymentMethodId }).
 */
const READ = POLICIES.billing;
const WRITE = `${POLICIES.billing}.Update`;
const tags = ['billing'];


/** The PDF's bytes as an attachment (a Buffer is sent as it is, never serialized). */
const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) => reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(pdf);

export async function paymentRoutes(app: Api, ctx: BillingContext) {
  const { db } = ctx;
  const base = '/api/stripe/payment';
  const cardsOf = async (customerId: string) => ({ items: (await listCards(db, customerId)).map(cardDto) });

  app.get(`${base}/customer`, { config: { policy: READ }, schema: { tags, summary: "The account's payment customer", response: { 200: CUSTOMER, ...NOT_FOUND } } }, async (request) => {
    const caller = await callerOf(db, request);
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    return customerDto(customer, (await defaultCard(db, customer.id))?.id ?? null);
  });

  app.post(`${base}/add-card-to-customer`, { config: { policy: WRITE }, schema: { tags, summary: 'Add a card (a declined card is not saved)', body: CARD_BODY, response: { 200: CARD, ...GATEWAY_REFUSALS } } }, async (request) => {
    const caller = await callerOf(db, request);
    const source = request.body;
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    await rememberLanguage(db, customer, caller.lang);
    return once(db, request, 'add-card', async (key) => cardDto(await addCard(ctx, customer, source, key, caller.lang)));
  });

  app.get(`${base}/list-customer-payment-cards`, { config: { policy: READ }, schema: { tags, summary: "The account's cards: brand, last 4 digits, expiry, default", response: { 200: CARD_LIST, ...NOT_FOUND } } }, async (request) => {
    const caller = await callerOf(db, request);
    return cardsOf((await requireCustomer(db, caller.userId, caller.lang)).id);
  });

  app.post(`${base}/remove-card-from-customer`, { config: { policy: WRITE }, schema: { tags, summary: 'Remove a card', body: CARD_ID_BODY, response: { 200: CARD_LIST, ...GATEWAY_REFUSALS } } }, async (request) => {
    const caller = await callerOf(db, request);
    const { cardId } = request.body;
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    return once(db, request, 'remove-card', async (key) => {
      await removeCard(ctx, customer, cardId, key, caller.lang);
      return cardsOf(customer.id);
    });
  });

  app.post(
    `${base}/set-default-card/:customerId/:cardId`,
    { config: { policy: WRITE }, schema: { tags, summary: 'Make a card the default (renewals charge it)', params: CARD_PARAMS, response: { 200: CARD_LIST, ...GATEWAY_REFUSALS } } },
    async (request) => {
      const caller = await callerOf(db, request);
      const customer = await requireCustomer(db, caller.userId, caller.lang);
      if (request.params.customerId !== customer.gateway_customer_id) throw customerNotFound(caller.lang);
      return once(db, request, 'set-default-card', async (key) => {
        await setDefaultCard(ctx, customer, request.params.cardId, key, caller.lang);
        return cardsOf(customer.id);
      });
    },
  );

  app.get(`${base}/customer-invoices`, { config: { policy: READ }, schema: { tags, summary: "The account's invoices, newest first", response: { 200: INVOICE_LIST, ...NOT_FOUND } } }, async (request) => {
    const caller = await callerOf(db, request);
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    return { items: (await listInvoices(db, customer.id)).map(invoiceDto) };
  });

  app.get(`${base}/download-invoice`, { config: { policy: READ }, schema: { tags, summary: 'One invoice as a PDF (?invoiceId=)', querystring: INVOICE_QUERY, response: { 200: INVOICE_PDF, ...NOT_FOUND } } }, async (request, reply) => {
    const caller = await callerOf(db, request);
    const { invoiceId } = request.query;
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    const invoice = await db.selectFrom('billing_invoices').selectAll().where('id', '=', invoiceId).where('customer_id', '=', customer.id).executeTakeFirst();
    if (!invoice) throw notFound(translate('billing:errors.invoiceNotFound', caller.lang));
    const pdf = await invoicePdf(db, invoice, caller.lang);
    return sendPdf(reply, invoice.number, pdf);
  });

  app.get(`${base}/get-payment-logos`, { config: { policy: READ }, schema: { tags, summary: 'Card brands accepted, with their badges', response: { 200: PAYMENT_LOGOS } } }, async () => ({ items: paymentLogos() }));
}
