import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { translate } from '../../localization/texts';
import type { BillingContext } from '../context';
import { gatewayCall } from '../errors';
import type { CardSource } from '../gateway/types';
import type { BillingCardsTable } from '../tables';
import type { CustomerRow } from './customers';

export type CardRow = Selectable<BillingCardsTable>;

export async function listCards(db: Db, customerId: string): Promise<CardRow[]> {
  return db.selectFrom('billing_cards').selectAll().where('customer_id', '=', customerId).orderBy('creation_time').orderBy('id').execute();
}

export async function defaultCard(db: Db, customerId: string): Promise<CardRow | undefined> {
  return db.selectFrom('billing_cards').selectAll().where('customer_id', '=', customerId).where('is_default', '=', true).executeTakeFirst();
}

export const cardDto = (c: CardRow) => ({ id: c.id, brand: c.brand, last4: c.last4, expMonth: c.exp_month, expYear: c.exp_year, isDefault: c.is_default });

/**
 * Adds a card: the gateway checks it first, and only a card it accepted is saved (brand, last 4,
 * expiry), so a declined or malformed card changes nothing. The first card becomes the default.
 */
export async function addCard(ctx: BillingContext, customer: CustomerRow, source: CardSource, key: string, lang: string): Promise<CardRow> {
  const card = await gatewayCall(lang, () => ctx.gateway.attachCard(customer.gateway_customer_id, source, `attach:${key}`));
  const existing = await ctx.db.selectFrom('billing_cards').selectAll().where('customer_id', '=', customer.id).where('gateway_card_id', '=', card.gatewayCardId).executeTakeFirst();
  if (existing) return existing;
  const makeDefault = !(await defaultCard(ctx.db, customer.id));
  if (makeDefault) await gatewayCall(lang, () => ctx.gateway.setDefaultCard(customer.gateway_customer_id, card.gatewayCardId, `default:${key}`));
  return ctx.db
    .insertInto('billing_cards')
    .values({
      id: randomUUID(),
      tenant_id: customer.tenant_id,
      customer_id: customer.id,
      gateway_card_id: card.gatewayCardId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      is_default: makeDefault,
      charge_decline_code: card.chargeDeclineCode,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function ownCard(db: Db, customer: CustomerRow, cardId: string, lang: string): Promise<CardRow> {
  const card = await db.selectFrom('billing_cards').selectAll().where('customer_id', '=', customer.id).where('id', '=', cardId).executeTakeFirst();
  if (!card) throw notFound(translate('billing:errors.cardNotFound', lang));
  return card;
}

export async function setDefaultCard(ctx: BillingContext, customer: CustomerRow, cardId: string, key: string, lang: string): Promise<CardRow> {
  const card = await ownCard(ctx.db, customer, cardId, lang);
  if (card.is_default) return card;
  await gatewayCall(lang, () => ctx.gateway.setDefaultCard(customer.gateway_customer_id, card.gateway_card_id, `default:${key}`));
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('billing_cards').set({ is_default: false }).where('customer_id', '=', customer.id).where('is_default', '=', true).execute();
    await trx.updateTable('billing_cards').set({ is_default: true }).where('id', '=', card.id).execute();
  });
  return { ...card, is_default: true };
}

/**
 * Removes a card. The last card cannot go while a subscription is active (renewals need it);
 * when the default goes, the newest other card becomes the default.
 */
export async function removeCard(ctx: BillingContext, customer: CustomerRow, cardId: string, key: string, lang: string): Promise<void> {
  const card = await ownCard(ctx.db, customer, cardId, lang);
  const others = (await listCards(ctx.db, customer.id)).filter((c) => c.id !== card.id);
  if (others.length === 0) {
    const active = await ctx.db.selectFrom('billing_subscriptions').select('id').where('customer_id', '=', customer.id).where('status', '=', 'active').executeTakeFirst();
    if (active) throw forbidden(translate('billing:errors.lastCardInUse', lang), 'Vigil:Billing.LastCardInUse');
  }
  await gatewayCall(lang, () => ctx.gateway.detachCard(customer.gateway_customer_id, card.gateway_card_id, `detach:${key}`));
  const successor = card.is_default ? others.at(-1) : undefined;
  if (successor) await gatewayCall(lang, () => ctx.gateway.setDefaultCard(customer.gateway_customer_id, successor.gateway_card_id, `default:${key}`));
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('billing_cards').where('id', '=', card.id).execute();
    if (successor) await trx.updateTable('billing_cards').set({ is_default: true }).where('id', '=', successor.id).execute();
  });
}

/** A user id from the same key space as randomUUID, for calls without a client key. */
export const newKey = (): string => randomUUID();
