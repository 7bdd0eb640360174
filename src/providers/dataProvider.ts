import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteParams,
  DeleteResult,
  GetManyParams,
  GetManyResult,
  Identifier,
  RaRecord,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { MAX_RESULT_COUNT, PAGED_QUERY } from '../../common/abp-contract';
import { listQuery, listResult, type ListParams } from './abpListQuery';
import { queryString, type HttpClient, type QueryValue } from './apiFetch';
import { httpClient } from './httpClient';
import { registrationFor, type ResourceRegistration } from './resourceEndpoints';
import { ownTenantHeaders } from './tenantFilter';

/**
 * react-admin DataProvider over ABP-style application services (DESIGN.md, the contract):
 * paged lists with SkipCount/MaxResultCount/Sorting/Filter answering `{ totalCount, items }`,
 * GET/PUT/DELETE on `<endpoint>/<id>`, POST on `<endpoint>`, `concurrencyStamp` on updates.
 *
 * The endpoint of a resource is `meta.endpoint` when the caller gives one, else the one registered
 * for it (resourceEndpoints.ts); a resource with neither fails loudly.
 */
export interface AbpDataProviderOptions {
  http: HttpClient;
  /** The registered endpoint of a resource (throws for an unknown one). */
  registrationFor?: (resource: string) => ResourceRegistration;
}

/**
 * Longest query string one getMany request carries. Node answers 431 past 16 KiB of request head
 * and common proxies refuse past 8 KiB (nginx's large_client_header_buffers): 4,000 characters
 * leave room for the rest of the head (a DPoP proof alone is about 700).
 */
export const MAX_QUERY_LENGTH = 4000;
/** Requests of one getMany or bulk call in flight at once (a browser's connections per host). */
const CONCURRENCY = 4;

/** `ids` in groups whose `name=id&name=id...` query stays within MAX_QUERY_LENGTH and MAX_RESULT_COUNT. */
export function idChunks(name: string, ids: readonly Identifier[]): Identifier[][] {
  const chunks: Identifier[][] = [];
  let chunk: Identifier[] = [];
  let length = 0;
  for (const id of ids) {
    const part = queryString({ [name]: String(id) }).length;
    if (chunk.length && (length + part > MAX_QUERY_LENGTH || chunk.length >= MAX_RESULT_COUNT)) {
      chunks.push(chunk);
      chunk = [];
      length = 0;
    }
    chunk.push(id);
    length += part;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** Runs `work` on every item, at most `limit` at once; results in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Call options react-admin passes in `meta` that this provider reads. */
export interface AbpMeta {
  /** Endpoint path ('/api/identity/users') or absolute URL. */
  endpoint?: string;
  /** Query name of a list filter taking several ids; without it getMany fetches each id. */
  idsFilter?: string;
  /**
   * The tenant a read or create works in (null: the host's own organisation), whatever the tenant
   * filter shows: a create under All saves in the tenant its form chose, and its pickers list that
   * tenant's records. Lists, reads and creates send it as `__tenant`.
   */
  tenant?: string | null;
}

/** The request option that sends `meta.tenant` as `__tenant`, or nothing. */
function tenantOf(meta: unknown): { headers?: Record<string, string> } {
  const headers = ownTenantHeaders((meta as AbpMeta | undefined)?.tenant);
  return headers ? { headers } : {};
}

/** Read-only ABP audit fields: never sent back on update (the server owns them). */
const SERVER_OWNED = ['id', 'creationTime', 'creatorId', 'lastModificationTime', 'lastModifierId', 'isDeleted', 'deleterId', 'deletionTime'];

function updateBody(data: Record<string, unknown>, previous?: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...data };
  for (const name of SERVER_OWNED) delete body[name];
  const stamp = data.concurrencyStamp ?? previous?.concurrencyStamp;
  if (stamp !== undefined) body.concurrencyStamp = stamp;
  return body;
}

const isNotFound = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 404;

export function createAbpDataProvider({ http, registrationFor: registered = registrationFor }: AbpDataProviderOptions): DataProvider {
  const endpoint = (resource: string, meta: unknown): string => {
    const given = (meta as AbpMeta | undefined)?.endpoint;
    return given ?? registered(resource).endpoint;
  };
  /** The registration's extras, when the call has no endpoint of its own in `meta`. */
  const extras = (resource: string, meta: unknown): Omit<ResourceRegistration, 'endpoint'> =>
    (meta as AbpMeta | undefined)?.endpoint ? {} : registered(resource);

  /**
   * One list page as react-admin asked for it. ABP serves at most MAX_RESULT_COUNT rows a request,
   * so a larger page (an export asks for 1,000 and more) is read in consecutive requests.
   */
  const pagedList = async <R extends RaRecord>(url: string, params: ListParams & { signal?: AbortSignal; meta?: unknown }): Promise<{ data: R[]; total: number }> => {
    const options = { ...(params.signal ? { signal: params.signal } : {}), ...tenantOf(params.meta) };
    if (!params.pagination) return listResult<R>((await http(url, { query: listQuery(params), ...options })).json);
    const perPage = Math.max(1, Math.floor(params.pagination.perPage));
    const page = Math.max(1, Math.floor(params.pagination.page));
    const base = listQuery({ ...params, pagination: undefined });
    const data: R[] = [];
    let total = 0;
    for (let skip = (page - 1) * perPage, left = perPage; left > 0; ) {
      const take = Math.min(left, MAX_RESULT_COUNT);
      const query: Record<string, QueryValue> = { ...base, [PAGED_QUERY.skipCount]: skip, [PAGED_QUERY.maxResultCount]: take };
      const result = listResult<R>((await http(url, { query, ...options })).json);
      data.push(...result.data);
      total = result.total;
      if (result.data.length < take) break;
      skip += take;
      left -= take;
      if (skip >= total) break;
    }
    return { data, total };
  };
  const item = (resource: string, meta: unknown, id: Identifier): string =>
    `${endpoint(resource, meta)}/${encodeURIComponent(String(id))}`;

  const getOne = async <R extends RaRecord>(resource: string, params: { id: Identifier; meta?: unknown; signal?: AbortSignal }) => {
    const { json } = await http<R>(item(resource, params.meta, params.id), { ...(params.signal ? { signal: params.signal } : {}), ...tenantOf(params.meta) });
    return { data: json ?? ({ id: params.id } as R) };
  };

  const provider: DataProvider = {
    supportAbortSignal: true,

    getList: async (resource, params) => pagedList(endpoint(resource, params.meta), params),

    getOne: (resource, params) => getOne(resource, params),

    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> => {
      const idsFilter = (params.meta as AbpMeta | undefined)?.idsFilter ?? extras(resource, params.meta).idsFilter;
      const url = endpoint(resource, params.meta);
      if (idsFilter) {
        // One list request per chunk of ids: a thousand ids in one URL would be refused (431).
        const pages = await inBatches(idChunks(idsFilter, params.ids), CONCURRENCY, async (ids) => {
          const { json } = await http(url, {
            query: { [idsFilter]: ids.map(String), [PAGED_QUERY.maxResultCount]: ids.length },
            ...(params.signal ? { signal: params.signal } : {}),
            ...tenantOf(params.meta),
          });
          return listResult<R>(json).data;
        });
        return { data: pages.flat() };
      }
      // No batch endpoint in ABP: one GET per id; a record gone meanwhile (404) is left out.
      const results = await inBatches(params.ids, CONCURRENCY, (id) =>
        getOne<R>(resource, { id, meta: params.meta, signal: params.signal }).then(
          (value) => ({ ok: true as const, value }),
          (reason: unknown) => ({ ok: false as const, reason }),
        ),
      );
      const data: R[] = [];
      for (const result of results) {
        if (result.ok) data.push(result.value.data);
        else if (!isNotFound(result.reason)) throw result.reason;
      }
      return { data };
    },

    getManyReference: async (resource, params) => pagedList(endpoint(resource, params.meta), { ...params, filter: { ...params.filter, [params.target]: params.id } }),

    create: async <T extends Omit<RaRecord, 'id'>, R extends RaRecord = T & { id: Identifier }>(
      resource: string,
      params: CreateParams<T>,
    ): Promise<CreateResult<R>> => {
      const { json } = await http<R>(endpoint(resource, params.meta), { method: 'POST', body: params.data, ...tenantOf(params.meta) });
      // ABP answers with the created DTO (id included); fields it leaves out keep the sent values.
      return { data: { ...params.data, ...json } as unknown as R };
    },

    update: async <R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> => {
      const { json } = await http<R>(item(resource, params.meta, params.id), {
        method: 'PUT',
        body: updateBody(params.data as Record<string, unknown>, params.previousData as Record<string, unknown> | undefined),
      });
      return { data: json ?? ({ ...params.previousData, ...params.data, id: params.id } as R) };
    },

    updateMany: async (resource, params) => {
      // The schema engine's bulk update: every row checked and written in one transaction.
      if (extras(resource, params.meta).bulk) {
        // A patch of the fields the user set: no record's concurrencyStamp belongs in it.
        const { concurrencyStamp: _stamp, ...data } = updateBody(params.data as Record<string, unknown>);
        await http(`${endpoint(resource, params.meta)}/bulk`, { method: 'PUT', body: { ids: params.ids, data } });
        return { data: params.ids };
      }
      // Elsewhere ABP has no bulk update and PUT replaces the whole record: read each one, merge,
      // write back (each record on its own).
      await inBatches(params.ids, CONCURRENCY, async (id) => {
        const { data: current } = await getOne<RaRecord>(resource, { id, meta: params.meta });
        await http(item(resource, params.meta, id), { method: 'PUT', body: updateBody({ ...current, ...(params.data as Record<string, unknown>) }) });
      });
      return { data: params.ids };
    },

    // ABP answers DELETE with an empty body; react-admin wants the deleted record back.
    delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> => {
      await http(item(resource, params.meta, params.id), { method: 'DELETE' });
      return { data: params.previousData ?? ({ id: params.id } as R) };
    },

    deleteMany: async (resource, params) => {
      if (extras(resource, params.meta).bulk) {
        await http(`${endpoint(resource, params.meta)}/bulk-delete`, { method: 'POST', body: { ids: params.ids } });
        return { data: params.ids };
      }
      await inBatches(params.ids, CONCURRENCY, (id) => http(item(resource, params.meta, id), { method: 'DELETE' }));
      return { data: params.ids };
    },
  };
  return provider;
}

export const dataProvider = createAbpDataProvider({ http: httpClient });
