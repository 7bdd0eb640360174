
export interface SettingsTable {
  id: string;
  name: string;
  value: string;
  provider_name: string | null;
  provider_key: string | null;
}

/** The settings (001_foundation), in the Database type. */
declare module '../db/tables' {
  interface Database {
    settings: SettingsTable;
  }
}
