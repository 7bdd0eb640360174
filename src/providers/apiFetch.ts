import { HttpError } from 'react-admin';
import { TENANT_HEADER } from '../../common/abp-contract';
import { apiErrorParts } from './abpErrors';
import { signedInAuthorizer, type Authorizer } from './authHeaders';

/**
 * The API client every call to the Vigil API goes through, built from injected parts so tests
 * can run it against a fake fetch. SPEC section 7: the session's Authorization (a DPoP-bound token
 * with its proof, see authHeaders.ts) when signed in, Accept-Language, XSRF header when the cookie
 * exists, no request timeout. Failed responses reject with react-admin's HttpError (message and
 * body from abpErrors.ts).
 */
export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON, except FormData, Blob, URLSearchParams and strings, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the host's tenant filter as `__tenant` (default true; off for the session's own data). */
  tenant?: boolean;
  /** 'blob' for a file download: the body comes as `blob`, not parsed (errors are still read as JSON). */
  responseType?: 'json' | 'blob';
}

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON body; undefined for an empty or non-JSON body. */
  json: T | undefined;
  /** The body of a successful `responseType: 'blob'` request. */
  blob?: Blob;
}

export type HttpClient = <T = unknown>(path: string, request?: ApiRequest) => Promise<ApiResponse<T>>;

export interface HttpClientDeps {
  /** e.g. 'http://localhost:3000/api' */
  apiBase: () => Promise<string>;
  /** Authorization headers per request; the signed-in user's (authHeaders.ts) unless given. */
  authorization?: Authorizer;
  /** Accept-Language value. */
  language: () => string;
  /** `__tenant` value, undefined for none. */
  tenantFilter: () => string | undefined;
  /** XSRF-TOKEN cookie value for same-origin calls, undefined for none. */
  xsrfToken?: (url: string) => string | undefined;
  fetch: typeof fetch;
  /**
   * Called when a request that carried the session's token is refused with 401: the sign-in has
   * ended (signed out in another tab, ended from another device, by an administrator, or expired).
   * `code` is the answer's error code, which may say why (an account transfer).
   */
  onSessionEnded?: (code?: string) => void;
}

/**
 * Resolves an endpoint against the API base. Absolute URLs stay as they are; '/api/app/x' and
 * '/app/x' both become '<apiBase>/app/x', since the base already ends in /api.
 */
export function apiUrl(apiBase: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const relative = path.replace(/^\/?api(?=\/|$)/, '').replace(/^\/+/, '');
  return relative ? `${apiBase.replace(/\/+$/, '')}/${relative}` : apiBase.replace(/\/+$/, '');
}

const scalar = (value: QueryScalar): string => (value instanceof Date ? value.toISOString() : String(value));

/** Query string; arrays repeat the name (ABP binds them so), empty values are left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[]) params.append(name, scalar(item));
    } else {
      params.append(name, scalar(value as QueryScalar));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  return async function request<T>(path: string, options: ApiRequest = {}): Promise<ApiResponse<T>> {
    const url = apiUrl(await deps.apiBase(), path) + queryString(options.query);
    const method = options.method ?? 'GET';
    const authorization = deps.authorization ?? signedInAuthorizer;
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': deps.language() });
    const tenant = options.tenant === false ? undefined : deps.tenantFilter();
    if (tenant) headers.set(TENANT_HEADER, tenant);
    const xsrf = deps.xsrfToken?.(url);
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);

    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isRawBody(options.body)) {
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set('Content-Type', 'application/json');
      }
    }

    // A fresh proof for every attempt: a DPoP proof is good for one request only. The call's own
    // headers still come last.
    const send = async () => {
      for (const [name, value] of Object.entries(await authorization.headers(method, url))) headers.set(name, value);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
      return deps.fetch(url, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    };
    let response = await send();
    if (authorization.noteNonce(url, response.status, response.headers)) {
      void response.body?.cancel().catch(() => undefined);
      response = await send();
    }
    if (options.responseType === 'blob' && response.ok) {
      return { status: response.status, headers: response.headers, json: undefined, blob: await response.blob() };
    }
    const json = await readJson(response);
    if (response.status === 401 && headers.has('Authorization')) deps.onSessionEnded?.(apiErrorParts(401, response.statusText, json).body.code ?? undefined);
    if (!response.ok) {
      const { message, status, body: errorBody } = apiErrorParts(response.status, response.statusText, json);
      throw new HttpError(message, status, errorBody);
    }
    return { status: response.status, headers: response.headers, json: json as T | undefined };
  };
}
