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

/** The JSON body of an operation's success answer (200), undefined for one without a body (204). */
export type AnswerOf<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R } ? (200 extends keyof R ? JsonOf<R[200]> : undefined) : never;
type PathParamsOf<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryOf<O> = O extends { parameters: { query?: infer T } } ? T : never;
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;

export interface TypedRequest<O> extends Omit<ApiRequest, 'method' | 'query' | 'body'> {
  /** Values of the path's {parameters}. */
  params?: PathParamsOf<O>;
  query?: QueryOf<O>;
  body?: BodyOf<O>;
}

/** `/api/x/{id}` with `{ id: 'a b' }` as '/api/x/a%20b'. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined || params[name] === null) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

export async function api<P extends keyof paths, M extends Method & keyof paths[P]>(method: M, path: P, request: TypedRequest<Operation<P, M>> = {}): Promise<AnswerOf<P, M>> {
  const { params, query, body, ...rest } = request;
  const res = await httpClient<AnswerOf<P, M>>(fillPath(path, params as Record<string, unknown> | undefined), {
    ...rest,
    method: method.toUpperCase() as ApiRequest['method'],
    ...(query !== undefined ? { query: query as Record<string, QueryValue> } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  return res.json as AnswerOf<P, M>;
}
