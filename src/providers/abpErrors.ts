import type { AbpErrorInfo, AbpValidationError } from '../../common/abp-contract';

/**
 * ABP error bodies in react-admin's terms (REFERENCE.md): the HttpError message is
 * `error.message`, and a 400 (ABP's validation failure) carries `errors: { field: message, root:
 * { serverError } }` so forms show server validation next to each field. Any other status has no
 * `errors`: ra-core's edit and create controllers take a body with `errors` for a validation
 * failure in pessimistic mode (useEditController.ts, `body?.errors`) and then neither notify nor
 * leave the form, so a 401, 403, 404, 409 or 500 would be swallowed. ABP's own fields stay on the
 * body for callers that need them (the auth provider reads `code` to tell a missing policy from a
 * business rule).
 */
export interface ApiErrorBody {
  /** Only on a 400. */
  errors?: Record<string, unknown> & { root: { serverError: string } };
  code: string | null;
  details: string | null;
  data: Record<string, unknown> | null;
  validationErrors: AbpValidationError[];
  /** True when the server answered in ABP's format. */
  abp: boolean;
}

/** Shown when the server gave no message at all (react-admin translates the key). */
export const GENERIC_HTTP_ERROR = 'ra.notification.http_error';

/**
 * A 409 is always a stale `concurrencyStamp` in the ABP contract: someone else saved the record
 * meanwhile. The user is told that in their language and what to do (admin.json), whatever the
 * server worded.
 */
export const CONCURRENCY_ERROR = 'errors.concurrency';

function abpInfo(json: unknown): AbpErrorInfo | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const error = (json as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? (error as AbpErrorInfo) : undefined;
}

/** 'Address.Street' -> 'address.street', 'items[0].Name' -> 'items.0.name' (react-hook-form paths). */
export function formFieldPath(member: string): string {
  return member
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((segment) => segment.charAt(0).toLowerCase() + segment.slice(1))
    .join('.');
}

/** Field messages from validationErrors; the first message for a field wins. */
export function formErrors(validationErrors: readonly AbpValidationError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { message, members } of validationErrors) {
    for (const member of members ?? []) {
      const path = formFieldPath(member);
      if (path && path !== 'root' && !(path in errors)) errors[path] = message;
    }
  }
  return errors;
}

export interface ApiErrorParts {
  message: string;
  status: number;
  body: ApiErrorBody;
}

/** The message and body of the HttpError for a failed response (`json` undefined when not JSON). */
export function apiErrorParts(status: number, statusText: string, json: unknown): ApiErrorParts {
  const info = abpInfo(json);
  const validationErrors = (info?.validationErrors ?? []).filter((v): v is AbpValidationError => typeof v?.message === 'string');
  const message =
    (status === 409 && CONCURRENCY_ERROR) ||
    (typeof info?.message === 'string' && info.message) ||
    validationErrors[0]?.message ||
    (typeof info?.details === 'string' && info.details) ||
    statusText ||
    GENERIC_HTTP_ERROR;
  return {
    message,
    status,
    body: {
      ...(status === 400 ? { errors: { ...formErrors(validationErrors), root: { serverError: message } } } : {}),
      code: typeof info?.code === 'string' ? info.code : null,
      details: typeof info?.details === 'string' ? info.details : null,
      data: info?.data ?? null,
      validationErrors,
      abp: info !== undefined,
    },
  };
}
