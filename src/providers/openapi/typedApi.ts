import { httpClient, type ApiRequest, type QueryValue } from '../httpClient';
import type { paths } from './paths';

/**
 * Calls of the web app typed by the API's own description (paths.ts, generated from the server's
 * route schemas by `npm run gen:api-types`): the path must be one the API has, with the method,
 * path parameters, query and body it declares, and the answer has the type of its declared
 * success schema. A route that changes its answer fails the type check of every screen reading it.
 */
type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** The JSON body of an operation's success answer (200, or 201 for a creation), undefined for one without a body (204). */
export type AnswerOf<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R } ? (200 extends keyof R ? JsonOf<R[200]> : 201 extends keyof R ? JsonOf<R[201]> : undefined) : never;
type PathParamsOf<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryOfOperation<O> = O extends { parameters: { query?: infer T } } ? T : never;
/** JSON when the operation takes it; else the raw bytes of the media types it declares (a picture, a CSV file). */
type BodyOfOperation<O> = O extends { requestBody?: { content: infer C } } ? (C extends { 'application/json': infer T } ? T : Blob | string) : never;

/** The query parameters an operation takes, for screens that build them apart from the call. */
export type QueryOf<P extends keyof paths, M extends Method = 'get'> = NonNullable<QueryOfOperation<Operation<P, M>>>;
/** The body an operation takes, for screens that build it apart from the call. */
export type BodyOf<P extends keyof paths, M extends Method> = BodyOfOperation<Operation<P, M>>;

export interface TypedRequest<O> extends Omit<ApiRequest, 'method' | 'query' | 'body' | 'responseType'> {
  /** Values of the path's {parameters}. */
  params?: PathParamsOf<O>;
  query?: QueryOfOperation<O>;
  body?: BodyOfOperation<O>;
}

/** `/api/x/{id}` with `{ id: 'a b' }` as '/api/x/a%20b'. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined || params[name] === null) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

/** The typed call as httpClient takes it. */
function send<O>(method: Method, path: string, request: TypedRequest<O>, responseType: ApiRequest['responseType']) {
  const { params, query, body, ...rest } = request;
  return httpClient(fillPath(path, params as Record<string, unknown> | undefined), {
    ...rest,
    method: method.toUpperCase() as ApiRequest['method'],
    ...(query !== undefined ? { query: query as Record<string, QueryValue> } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(responseType ? { responseType } : {}),
  });
}

export async function api<P extends keyof paths, M extends Method & keyof paths[P]>(method: M, path: P, request: TypedRequest<Operation<P, M>> = {}): Promise<AnswerOf<P, M>> {
  return (await send(method, path, request, undefined)).json as AnswerOf<P, M>;
}

/**
 * A call whose answer is a file (an Excel workbook, a PDF, a picture, plain text), not JSON: typed
 * as api()'s, answered as the body's bytes and the headers (the attachment's name).
 */
export async function apiFile<P extends keyof paths, M extends Method & keyof paths[P]>(method: M, path: P, request: TypedRequest<Operation<P, M>> = {}): Promise<{ blob: Blob | undefined; headers: Headers }> {
  const { blob, headers } = await send(method, path, request, 'blob');
  return { blob, headers };
}

/**
 * A schema-engine record as an answer holds it: the engine's record schema
 * (server/schema-engine/openapi-schemas.ts) requires no field, though every stored record has its id.
 */
export type StoredRecord<T> = T & { id: string };
