/** A failed call's message and per-field messages (react-admin HttpError from providers/apiFetch). */
export interface CallError {
  message: string;
  status?: number;
  fields: Record<string, string>;
}

export function callError(error: unknown, fallback: string): CallError {
  const e = error as { message?: string; status?: number; body?: { errors?: Record<string, unknown> } } | null;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(e?.body?.errors ?? {})) if (typeof value === 'string') fields[name] = value;
  return { message: e?.message || fallback, fields, ...(e?.status !== undefined ? { status: e.status } : {}) };
}
