/** ABP's AuditLogDto and EntityChangeDto (the fields the screens read). */
export interface PropertyChange {
  propertyName: string;
  originalValue: unknown;
  newValue: unknown;
}

export interface EntityChangeDto {
  entityTypeFullName: string;
  entityId: string;
  /** 0 created, 1 updated, 2 deleted. */
  changeType: 0 | 1 | 2;
  propertyChanges: PropertyChange[];
}

export interface AuditLogDto {
  id: string;
  tenantId: string | null;
  tenantName?: string | null;
  userId: string | null;
  userName: string | null;
  httpMethod: string;
  url: string;
  httpStatusCode: number | null;
  executionTime: string;
  executionDuration: number | null;
  clientIpAddress: string | null;
  browserInfo: string | null;
  exceptions: string | null;
  entityChanges: EntityChangeDto[];
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A changed value as text: strings as they are, everything else as JSON; nothing as an em dash. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A duration in milliseconds in the reader's language ('12 ms'), without a text to translate. */
export function durationText(ms: number | null, language: string): string {
  if (ms === null) return '';
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }).format(ms);
  } catch {
    return `${ms} ms`;
  }
}
