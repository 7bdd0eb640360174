import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchBackend } from '../../src/i18n/fetchBackend';

/**
 * SPEC section 8: translation loading retries only for 5xx or network failures. i18next retries a
 * read when the backend's callback says so (second argument true).
 */
function read(respond: () => Promise<Response>): Promise<{ error: unknown; data: unknown }> {
  vi.stubGlobal('fetch', vi.fn(respond));
  const backend = new FetchBackend();
  backend.init(undefined, { loadPath: (language, namespace) => `/locales/${language}/${namespace}.json` });
  return new Promise((resolve) => backend.read('da-DK', 'translation', (error, data) => resolve({ error, data })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('translation loading', () => {
  it('returns the parsed file', async () => {
    const result = await read(async () => new Response('{"app":{"signIn":"Log ind"}}', { status: 200 }));
    expect(result).toEqual({ error: null, data: { app: { signIn: 'Log ind' } } });
  });

  it('asks i18next to retry a 5xx answer', async () => {
    const { error, data } = await read(async () => new Response('busy', { status: 503 }));
    expect(error).toMatch(/503/);
    expect(data).toBe(true);
  });

  it('asks i18next to retry a network failure', async () => {
    const { error, data } = await read(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(error).toMatch(/Failed to fetch/);
    expect(data).toBe(true);
  });

  it('does not retry a 4xx answer or a body that is not JSON', async () => {
    expect((await read(async () => new Response('no', { status: 404 }))).data).toBe(false);
    expect((await read(async () => new Response('<html>', { status: 200 }))).data).toBe(false);
  });
});
