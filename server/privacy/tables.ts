import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

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

export interface PrivacyTables {
  privacy_exports: PrivacyExportsTable;
}
