import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Nullable, NullableTimestamp } from '../db/columns';

export type PrivacySubjectType = 'citizen' | 'user';
export type PrivacyExportState = 'queued' | 'running' | 'ready' | 'downloaded' | 'failed';

/** A subject export (migration 029_privacy): made by a job, its archive kept until its one download. */
export interface PrivacyExportsTable {
  id: string;
  tenant_id: string | null;
  /** Only this user may read or download it. */
  requested_by: string;
  subject_type: PrivacySubjectType;
  subject_id: string;
  /** Shown in the record; erased with the subject. */
  subject_name: string;
  state: Generated<PrivacyExportState>;
  progress: Generated<number>;
  bytes: Nullable<number>;
  /** The zip, until downloaded (then null). */
  archive: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  error: Nullable<string>;
  creation_time: CreatedAt;
  finished_time: NullableTimestamp;
  downloaded_time: NullableTimestamp;
}

/** The subject exports (029_privacy), in the Database type. */
declare module '../db/tables' {
  interface Database {
    privacy_exports: PrivacyExportsTable;
  }
}
