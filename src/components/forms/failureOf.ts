import { HttpError } from 'react-admin';

/** The server's message and its field messages (react-admin's HttpError body from abpErrors.ts). */
export function failureOf(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (error instanceof HttpError) {
    const body = error.body as { errors?: Record<string, unknown> } | undefined;
    const fields = Object.fromEntries(Object.entries(body?.errors ?? {}).filter((e): e is [string, string] => e[0] !== 'root' && typeof e[1] === 'string'));
    return { message: error.message || fallback, fields };
  }
  return { message: fallback, fields: {} };
}
