import type { TestServer } from './server';

/** Small HTTP helpers the module API tests share. */
export interface AbpErrorBody {
  error: { code: string | null; message: string; validationErrors: { message: string; members: string[] }[] | null };
}

export type Json = Record<string, unknown> & Partial<AbpErrorBody>;

export function caller(server: () => TestServer) {
  return async (token: string, method: string, path: string, body?: unknown, opts: { lang?: string; contentType?: string } = {}) => {
    const raw = typeof body === 'string';
    const res = await fetch(`${server().url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': opts.lang ?? 'en',
        ...(body !== undefined ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: raw ? (body as string) : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: Json = {};
    try {
      parsed = text ? (JSON.parse(text) as Json) : {};
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed };
  };
}
