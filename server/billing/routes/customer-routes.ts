import type {} from '@fastify/swagger';
import { BILLING_DETAILS_SCHEMA, isBillingDetailField, pickBillingDetails } from '../../../common/billing-details';
import { POLICIES } from '../../../common/policies';
import { translate } from '../../localization/texts';
import type { BillingContext } from '../context';
import { defaultCard } from '../service/cards';
import { billingDetailsOf, createCustomer, customerDto, requireCustomer, updateBillingDetails, type CustomerRow } from '../service/customers';
import { gatewayCall } from '../errors';
import { callerOf, once } from './request-helpers';
import type { Api } from '../../http/route-schemas';
import { BILLING_DETAILS, CUSTOMER, GATEWAY_REFUSALS, NOT_FOUND } from './route-schemas';

/**
 * /api/stripe/customer: the account's payment customer, its creation, and its billing details
 * (name, company name, VAT number, additional info; GET/PUT /api/stripe/customer/billing-details),
 * printed as the buyer on every invoice issued afterwards.
 */
const READ = POLICIES.billing;
const WRITE = `${POLICIES.billing}.Update`;
const tags = ['billing'];
/**
 * The writable fields and limits are the shared list (common/billing-details.ts) the web form uses
 * too, and the body's schema is made from it. Messages name a field as the form labels it ('VAT number is invalid').
 */
const detailLabel = (member: string, lang: string) => (isBillingDetailField(member) ? translate(`billing:details.${member}`, lang) : member);

export async function customerRoutes(app: Api, ctx: BillingContext) {
  const { db } = ctx;
  const base = '/api/stripe/customer';
  const dto = async (customer: CustomerRow) => customerDto(customer, (await defaultCard(db, customer.id))?.id ?? null);

  app.get(base, { config: { policy: READ }, schema: { tags, summary: "The account's payment customer with its billing details", response: { 200: CUSTOMER, ...NOT_FOUND } } }, async (request) => {
    const caller = await callerOf(db, request);
    return dto(await requireCustomer(db, caller.userId, caller.lang));
  });

  app.post(`${base}/create-customer`, { config: { policy: WRITE }, schema: { tags, summary: "Create the account's payment customer (an existing one is answered)", response: { 200: CUSTOMER, ...GATEWAY_REFUSALS } } }, async (request) => {
    const caller = await callerOf(db, request);
    return once(db, request, 'create-customer', async () => dto(await gatewayCall(caller.lang, () => createCustomer(ctx, caller.userId, caller.lang))));
  });

  app.get(`${base}/billing-details`, { config: { policy: READ }, schema: { tags, summary: 'Billing details printed on invoices', response: { 200: BILLING_DETAILS, ...NOT_FOUND } } }, async (request) => {
    const caller = await callerOf(db, request);
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    return { ...billingDetailsOf(customer), concurrencyStamp: customer.concurrency_stamp };
  });

  app.put(`${base}/billing-details`, { config: { policy: WRITE, fieldLabel: detailLabel }, schema: { tags, summary: 'Change the billing details', body: BILLING_DETAILS_SCHEMA, response: { 200: BILLING_DETAILS, ...GATEWAY_REFUSALS } } }, async (request) => {
    const caller = await callerOf(db, request);
    const body = pickBillingDetails(request.body);
    const customer = await requireCustomer(db, caller.userId, caller.lang);
    return once(db, request, 'billing-details', async (key) => {
      const saved = await gatewayCall(caller.lang, () => updateBillingDetails(ctx, customer, body, key));
      return { ...billingDetailsOf(saved), concurrencyStamp: saved.concurrency_stamp };
    });
  });
}
