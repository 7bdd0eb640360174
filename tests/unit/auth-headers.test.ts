import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import { DPoPState, InMemoryWebStorage, User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { RuntimeConfig } from '../../common/runtime-config';
import { dpopEnabled } from '../../src/config/runtime';
import { createHttpClient } from '../../src/providers/apiFetch';
import { createAuthorizer, proofUrl, type TokenHolder } from '../../src/providers/authHeaders';
import { createUploader } from '../../src/providers/xhrUpload';
import { userManagerSettings, type DPoPKeyStore } from '../../src/providers/userManagerSettings';

const ISSUER = 'http://h/oidc';
const TOKEN_ENDPOINT = `${ISSUER}/token`;
const CLIENT = 'vigil-web';

/** IndexedDbDPoPStore's contract, in memory (node has no IndexedDB). */
class MemoryDPoPStore implements DPoPKeyStore {
  readonly states = new Map<string, DPoPState>();
  async set(key: string, value: DPoPState) {
    this.states.set(key, value);
  }
  async get(key: string) {
    return this.states.get(key)!;
  }
  async remove(key: string) {
    const state = this.states.get(key)!;
    this.states.delete(key);
    return state;
  }
  async getAllKeys() {
    return [...this.states.keys()];
  }
}

const sha256url = async (text: string) => Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64url');

describe('DPoP settings', () => {
  const config = { issuer: ISSUER, scopes: 'openid Stella' };

  it('binds the code and the tokens to the key store when one is given, and not otherwise', () => {
    const store = new MemoryDPoPStore();
    expect(userManagerSettings(config, CLIENT, 'http://app.test', store).dpop).toEqual({ bind_authorization_code: true, store });
    expect(userManagerSettings(config, CLIENT, 'http://app.test').dpop).toBeUndefined();
  });

  it('renews without asking for offline_access, which older refresh tokens do not carry', () => {
    const settings = userManagerSettings({ issuer: ISSUER, scopes: 'openid profile email offline_access Stella' }, CLIENT, 'http://app.test');
    expect(settings.refreshTokenAllowedScope).toBe('openid profile email Stella');
  });

  it('is on unless the runtime configuration turns it off', () => {
    const runtime = { issuer: ISSUER } as RuntimeConfig;
    expect(dpopEnabled(runtime)).toBe(true);
    expect(dpopEnabled({ ...runtime, dpop: true } as RuntimeConfig)).toBe(true);
    expect(dpopEnabled({ ...runtime, dpop: false } as RuntimeConfig)).toBe(false);
  });
});

describe('authorization headers', () => {
  const proofs: { method: string; htu: string; nonce: string | undefined }[] = [];
  const authorizer = (user: TokenHolder | null) =>
    createAuthorizer({
      user: async () => user,
      proof: async (_user, method, htu, nonce) => {
        proofs.push({ method, htu, nonce });
        return `proof-${proofs.length}`;
      },
    });
  beforeEach(() => {
    proofs.length = 0;
  });

  it('sends nothing when signed out and Bearer for an unbound token', async () => {
    expect(await authorizer(null).headers('GET', 'http://api.test/api/x')).toEqual({});
    expect(await authorizer({ access_token: 'at', token_type: 'Bearer' }).headers('GET', 'http://api.test/api/x')).toEqual({ Authorization: 'Bearer at' });
    expect(proofs).toEqual([]);
  });

  it('sends a DPoP-bound token with a fresh proof for the method and the URL without query or fragment', async () => {
    const auth = authorizer({ access_token: 'at', token_type: 'DPoP' });
    expect(await auth.headers('post', 'http://api.test/api/app/x?a=1#f')).toEqual({ Authorization: 'DPoP at', DPoP: 'proof-1' });
    expect(await auth.headers('GET', 'http://api.test/api/app/x')).toEqual({ Authorization: 'DPoP at', DPoP: 'proof-2' });
    expect(proofs).toEqual([
      { method: 'POST', htu: 'http://api.test/api/app/x', nonce: undefined },
      { method: 'GET', htu: 'http://api.test/api/app/x', nonce: undefined },
    ]);
    expect(proofUrl('https://h:8443/api/a%20b?x=1#y')).toBe('https://h:8443/api/a%20b');
  });

  it('keeps the nonce the API hands out and asks for one retry only on a use_dpop_nonce 401', async () => {
    const auth = authorizer({ access_token: 'at', token_type: 'DPoP' });
    const url = 'http://api.test/api/x';
    const challenge = new Headers({ 'WWW-Authenticate': 'DPoP error="use_dpop_nonce", error_description="Resource server requires nonce in DPoP proof"', 'DPoP-Nonce': 'n1' });
    expect(auth.noteNonce(url, 401, challenge)).toBe(true);
    await auth.headers('GET', url);
    expect(proofs.at(-1)?.nonce).toBe('n1');
    // A new nonce on a success is kept too, without a retry.
    expect(auth.noteNonce(url, 200, new Headers({ 'DPoP-Nonce': 'n2' }))).toBe(false);
    await auth.headers('GET', url);
    expect(proofs.at(-1)?.nonce).toBe('n2');
    // Other origins get none; other 401s are no reason to retry.
    await auth.headers('GET', 'http://other.test/api/x');
    expect(proofs.at(-1)?.nonce).toBeUndefined();
    expect(auth.noteNonce(url, 401, new Headers({ 'WWW-Authenticate': 'DPoP error="invalid_dpop_proof"' }))).toBe(false);
    expect(auth.noteNonce(url, 401, new Headers({ 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"' }))).toBe(false);
  });
});

describe('one retry when the API asks for a DPoP nonce', () => {
  const NONCE_CHALLENGE = { 'WWW-Authenticate': 'DPoP error="use_dpop_nonce"', 'DPoP-Nonce': 'n1' };
  const nonces: (string | undefined)[] = [];
  // A new authorizer per test: it remembers the nonces it was given.
  const fresh = () => ({
    apiBase: async () => 'http://api.test/api',
    language: () => 'en',
    tenantFilter: () => undefined,
    authorization: createAuthorizer({
      user: async () => ({ access_token: 'at', token_type: 'DPoP' }),
      proof: async (_user, _method, _htu, nonce) => {
        nonces.push(nonce);
        return `proof-${nonces.length}`;
      },
    }),
  });
  let base: ReturnType<typeof fresh>;
  beforeEach(() => {
    nonces.length = 0;
    base = fresh();
  });

  it('the API client sends the request again with a new proof carrying the nonce, once', async () => {
    const sent: (string | null)[] = [];
    const http = createHttpClient({
      ...base,
      fetch: async (_input, init) => {
        sent.push(new Headers(init?.headers).get('DPoP'));
        return sent.length === 1 ? new Response('{}', { status: 401, headers: NONCE_CHALLENGE }) : Response.json({ ok: true });
      },
    });
    expect((await http('/app/x', { method: 'POST', body: { a: 1 } })).json).toEqual({ ok: true });
    expect(sent).toEqual(['proof-1', 'proof-2']);
    expect(nonces).toEqual([undefined, 'n1']);
    // Asked again: no second retry, the 401 is the answer.
    const stubborn = createHttpClient({ ...base, fetch: async () => new Response('{}', { status: 401, headers: { ...NONCE_CHALLENGE, 'DPoP-Nonce': 'n2' } }) });
    await expect(stubborn('/app/x')).rejects.toMatchObject({ status: 401 });
    expect(nonces.slice(2)).toEqual(['n1', 'n2']);
  });

  it('the uploader does the same', async () => {
    const attempts: Record<string, string>[] = [];
    const xhr = () => {
      const headers: Record<string, string> = {};
      const answer = attempts.length === 0 ? { status: 401, headers: NONCE_CHALLENGE as Record<string, string> } : { status: 200, headers: {} as Record<string, string> };
      attempts.push(headers);
      const fake = {
        upload: {},
        status: 0,
        statusText: '',
        responseText: '',
        onload: undefined as undefined | (() => void),
        open() {},
        setRequestHeader: (name: string, value: string) => void (headers[name] = value),
        getResponseHeader: (name: string) => Object.entries(answer.headers).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? null,
        abort() {},
        send() {
          fake.status = answer.status;
          fake.responseText = '{"done":true}';
          fake.onload?.();
        },
      };
      return fake as unknown as XMLHttpRequest;
    };
    expect(await createUploader({ ...base, xhr })('/app/upload', { body: 'a,b', contentType: 'text/csv' })).toEqual({ done: true });
    expect(attempts.map((h) => h.DPoP)).toEqual(['proof-1', 'proof-2']);
    expect(nonces).toEqual([undefined, 'n1']);
  });
});

/** oidc-client-ts itself, with WebCrypto in node: the proofs it makes and that renewal and sign-out handle the key. */
describe("oidc-client-ts's DPoP, as the web app sets it up", () => {
  let store: MemoryDPoPStore;
  let manager: UserManager;
  const tokenRequests: { headers: Headers; body: URLSearchParams }[] = [];

  beforeEach(async () => {
    vi.stubGlobal('window', { crypto: globalThis.crypto, location: new URL('http://app.test/') });
    tokenRequests.length = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe(TOKEN_ENDPOINT);
      tokenRequests.push({ headers: new Headers(init?.headers), body: new URLSearchParams(String(init?.body)) });
      return Response.json({ access_token: 'at-2', token_type: 'DPoP', expires_in: 300, refresh_token: 'rt-2', scope: 'openid Stella' });
    });
    store = new MemoryDPoPStore();
    const memory = new WebStorageStateStore({ store: new InMemoryWebStorage() });
    manager = new UserManager({
      ...userManagerSettings({ issuer: ISSUER, scopes: 'openid Stella' }, CLIENT, 'http://app.test', store),
      metadata: { issuer: ISSUER, authorization_endpoint: `${ISSUER}/auth`, token_endpoint: TOKEN_ENDPOINT },
      userStore: memory,
      stateStore: memory,
      automaticSilentRenew: false,
      monitorSession: false,
    });
    const keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
    await store.set(CLIENT, new DPoPState(keys));
    await manager.storeUser(
      new User({ access_token: 'at-1', token_type: 'DPoP', refresh_token: 'rt-1', scope: 'openid Stella', expires_at: Math.floor(Date.now() / 1000) - 1, profile: { sub: 'u1', iss: ISSUER, aud: CLIENT, exp: 0, iat: 0 } }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('makes a proof for an API request with the htm, htu and ath the API checks', async () => {
    const user = (await manager.getUser())!;
    const auth = createAuthorizer({ user: async () => user, proof: (u, method, htu, nonce) => manager.dpopProof(htu, u, method, nonce) });
    const headers = await auth.headers('PUT', 'http://api.test/api/app/devices/1?x=2');
    expect(headers.Authorization).toBe('DPoP at-1');
    const { payload, protectedHeader } = await jwtVerify(headers.DPoP!, EmbeddedJWK, { typ: 'dpop+jwt', algorithms: ['ES256'] });
    expect(payload).toMatchObject({ htm: 'PUT', htu: 'http://api.test/api/app/devices/1', ath: await sha256url('at-1') });
    expect(typeof payload.jti).toBe('string');
    expect(protectedHeader.jwk).not.toHaveProperty('d');
  });

  it('renews with the refresh token sending a proof of the same key to the token endpoint', async () => {
    const before = decodeProtectedHeader((await manager.dpopProof('http://api.test/api/x', (await manager.getUser())!))!).jwk as JWK;
    const renewed = await manager.signinSilent();
    expect(renewed?.access_token).toBe('at-2');
    expect(renewed?.token_type).toBe('DPoP');
    expect(tokenRequests).toHaveLength(1);
    const request = tokenRequests[0]!;
    expect(request.body.get('grant_type')).toBe('refresh_token');
    const { payload, protectedHeader } = await jwtVerify(request.headers.get('DPoP')!, EmbeddedJWK, { typ: 'dpop+jwt' });
    expect(payload).toMatchObject({ htm: 'POST', htu: TOKEN_ENDPOINT });
    expect(await calculateJwkThumbprint(protectedHeader.jwk!)).toBe(await calculateJwkThumbprint(before));
  });

  it('removes the key with the user (sign-out), so the next sign-in makes a new one', async () => {
    expect(await store.getAllKeys()).toEqual([CLIENT]);
    await manager.removeUser();
    expect(await store.getAllKeys()).toEqual([]);
  });
});
