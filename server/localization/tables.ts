import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, NullableTimestamp } from '../db/columns';

export interface LanguagesTable {
  id: string;
  culture_name: string;
  ui_culture_name: string;
  display_name: string;
  flag_icon: string | null;
  is_enabled: Generated<boolean>;
  creation_time: CreatedAt;
  last_modification_time: NullableTimestamp;
  concurrency_stamp: string;
}

/** A translation changed in the back office, over resources/locales/<folder>/<resource_name>.json. */
export interface LanguageTextsTable {
  id: string;
  /** null: for everyone (the only level the API writes). */
  tenant_id: string | null;
  resource_name: string;
  culture_name: string;
  /** The dotted key ('signIn.errors.invalid'). */
  name: string;
  value: string;
  last_modification_time: ColumnType<Date, Date | string | undefined, Date | string>;
  last_modifier_id: string | null;
}

/** A counter per in-memory cache that every API node compares with its own copy. */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

/** The localization tables (005_tenancy_localization), in the Database type. */
declare module '../db/tables' {
  interface Database {
    languages: LanguagesTable;
    language_texts: LanguageTextsTable;
    cache_versions: CacheVersionsTable;
  }
}
