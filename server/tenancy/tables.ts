import type { Generated } from 'kysely';
import type { CreatedAt, Nullable, NullableTimestamp, Timestamp } from '../db/columns';

export interface TenantsTable {
  id: string;
  name: string;
  normalized_name: string;
  is_active: Generated<boolean>;
  activation_end_date: Timestamp | null;
  creation_time: CreatedAt;
  concurrency_stamp: string;
  // The back office's own tenant fields (/api/app/customTenant), from 005_tenancy_localization.
  contact_email: Nullable<string>;
  phone_number: Nullable<string>;
  address: Nullable<string>;
  customer_number: Nullable<string>;
  notes: Nullable<string>;
  last_modification_time: NullableTimestamp;
  is_deleted: Generated<boolean>;
  deletion_time: NullableTimestamp;
  deleter_id: Nullable<string>;
}

export interface FeatureValuesTable {
  id: string;
  name: string;
  value: string;
  /** 'T' (tenant id) or 'E' (edition), as ABP. */
  provider_name: string;
  provider_key: string;
}

/** The tenancy tables (001_foundation, 005_tenancy_localization), in the Database type. */
declare module '../db/tables' {
  interface Database {
    tenants: TenantsTable;
    feature_values: FeatureValuesTable;
  }
}
