
export interface PermissionGrantsTable {
  id: string;
  tenant_id: string | null;
  name: string;
  /** 'R' (role name) or 'U' (user id), as ABP. */
  provider_name: string;
  provider_key: string;
}

/** The permission grants (001_foundation), in the Database type. */
declare module '../db/tables' {
  interface Database {
    permission_grants: PermissionGrantsTable;
  }
}
