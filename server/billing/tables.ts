import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { CreatedAt, Nullable, NullableTimestamp, Timestamp } from '../db/columns';

/** Tables of the billing module (migration 008_billing), merged into the Database type. */
/** numeric(12,2): read as text (PostgreSQL) or number, written as number. */
type Money = ColumnType<string | number, number, number>;

export type Plan = 'monthly' | 'annual';
export type SubscriptionStatus = 'active' | 'paused' | 'canceled';
export type InvoiceStatus = 'paid' | 'open' | 'void';

export interface BillingCustomersTable {
  id: string;
  tenant_id: string | null;
  user_id: string;
  gateway: string;
  gateway_customer_id: string;
  email: string;
  language: Generated<string>;
  name: string | null;
  company_name: string | null;
  vat_number: string | null;
  additional_info: string | null;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  last_modification_time: NullableTimestamp;
}

export interface BillingCardsTable {
  id: string;
  tenant_id: string | null;
  customer_id: string;
  gateway_card_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: Generated<boolean>;
  charge_decline_code: string | null;
  creation_time: CreatedAt;
}

export interface BillingSubscriptionsTable {
  id: string;
  tenant_id: string | null;
  customer_id: string;
  user_id: string;
  device_id: string;
  plan: Plan;
  /** A plan change waiting for the next renewal, which applies it (033_subscription_lifecycle). */
  next_plan: Nullable<Plan>;
  status: SubscriptionStatus;
  amount: Money;
  currency: string;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  failed_attempts: Generated<number>;
  paused_time: NullableTimestamp;
  canceled_time: NullableTimestamp;
  concurrency_stamp: string;
  creation_time: CreatedAt;
  last_modification_time: NullableTimestamp;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

export interface InvoiceParty {
  name: string;
  companyName: string | null;
  vatNumber: string | null;
  additionalInfo: string | null;
  email: string;
}

export interface BillingInvoicesTable {
  id: string;
  tenant_id: string | null;
  number: string;
  customer_id: string;
  subscription_id: string | null;
  plan: Plan;
  status: InvoiceStatus;
  currency: string;
  subtotal: Money;
  vat_rate: Money;
  vat: Money;
  total: Money;
  period_start: Timestamp;
  period_end: Timestamp;
  lines: JSONColumnType<InvoiceLine[]>;
  buyer: JSONColumnType<InvoiceParty>;
  gateway_payment_id: string | null;
  failure_code: string | null;
  issue_time: CreatedAt;
  paid_time: NullableTimestamp;
}

export interface BillingRequestsTable {
  user_id: string;
  idempotency_key: string;
  route: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  creation_time: CreatedAt;
}

/** Tables of this module, in the Database type. */
declare module '../db/tables' {
  interface Database {
    billing_customers: BillingCustomersTable;
    billing_cards: BillingCardsTable;
    billing_subscriptions: BillingSubscriptionsTable;
    billing_invoices: BillingInvoicesTable;
    billing_requests: BillingRequestsTable;
  }
}
