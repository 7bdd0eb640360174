import type { JSONColumnType } from 'kysely';
import type { CreatedAt } from '../db/columns';

export interface EntityChange {
  entityType: string;
  entityId: string;
  /** 0 created, 1 updated, 2 deleted (ABP's EntityChangeType). */
  changeType: 0 | 1 | 2;
  propertyChanges: { propertyName: string; originalValue: unknown; newValue: unknown }[];
}

export interface AuditLogsTable {
  id: string;
  tenant_id: string | null;
  user_id: string | null;
  user_name: string | null;
  client_id: string | null;
  http_method: string;
  url: string;
  http_status_code: number | null;
  execution_time: CreatedAt;
  execution_duration: number | null;
  client_ip_address: string | null;
  browser_info: string | null;
  exceptions: string | null;
  entity_changes: JSONColumnType<EntityChange[]>;
}

/** The audit log (002_audit_logs), in the Database type. */
declare module '../db/tables' {
  interface Database {
    audit_logs: AuditLogsTable;
  }
}
