import { requestLanguage } from '../../../common/languages';
import { loadRuntimeConfig } from '../../config/runtime';

/**
 * Anonymous calls of the public pages (registration, a forgotten password) to `<api base>/<path>`,
 * without react-admin (the public bundle stays small):
 * the stored language as Accept-Language, `__tenant` passed on from the page's own address when a
 * tenant's registration link names one. Failures resolve with ABP's message and field problems.
 */
export interface PublicResult<T> {
  ok: boolean;
  status: number;
  data?: T;
  message?: string;
  code?: string;
  /** member -> message of a 400. */
  fields: Record<string, string>;
}

interface AbpErrorBody {
  error?: { code?: string | null; message?: string; validationErrors?: { message: string; members: string[] }[] | null };
}

export async function publicApi<T>(path: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<PublicResult<T>> {
  const { apiBase } = await loadRuntimeConfig();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': requestLanguage(localStorage.getItem('i18nextLng'), navigator.language) };
  const tenant = new URLSearchParams(window.location.search).get('__tenant');
  if (tenant) headers.__tenant = tenant;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${apiBase.replace(/\/+$/, '')}/${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch {
    return { ok: false, status: 0, fields: {} };
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: json as T, fields: {} };
  const error = (json as AbpErrorBody | undefined)?.error;
  const fields: Record<string, string> = {};
  for (const problem of error?.validationErrors ?? []) for (const member of problem.members) fields[member] ??= problem.message;
  return { ok: false, status: response.status, ...(error?.message ? { message: error.message } : {}), ...(error?.code ? { code: error.code } : {}), fields };
}
