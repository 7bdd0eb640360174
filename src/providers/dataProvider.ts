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
import { listQuery, listResult } from './abpListQuery';
import type { HttpClient } from './apiFetch';
import { httpClient } from './httpClient';
import { endpointFor, idsFilterFor } from './resourceEndpoints';

/**
 * react-admin DataProvider over ABP-style application services (DESIGN.md, the contract):
 * paged lists with SkipCount/MaxResultCount/Sorting/Filter answering `{ totalCount, items }`,
 * GET/PUT/DELETE on `<endpoint>/<id>`, POST on `<endpoint>`, `concurrencyStamp` on updates.
 *
 * The endpoint of a resource is `meta.endpoint` when the caller gives one, else
 * `endpointFor(resource)`: the endpoint the schema engine registered for it, or '/api/app/<resource>'.
 */
export interface AbpDataProviderOptions {
  http: HttpClient;
  endpointFor?: (resource: string) => string;
}

/** Call options react-admin passes in `meta` that this provider reads. */
export interface AbpMeta {
  /** Endpoint path ('/api/identity/users') or absolute URL. */
  endpoint?: string;
  /** Query name of a list filter taking several ids; without it getMany fetches each id. */
  idsFilter?: string;
}

export { endpointFor };

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

export function createAbpDataProvider({ http, endpointFor: defaultEndpoint = endpointFor }: AbpDataProviderOptions): DataProvider {
  const endpoint = (resource: string, meta: unknown): string => {
    const given = (meta as AbpMeta | undefined)?.endpoint;
    return given ?? defaultEndpoint(resource);
  };
  const item = (resource: string, meta: unknown, id: Identifier): string =>
    `${endpoint(resource, meta)}/${encodeURIComponent(String(id))}`;

  const getOne = async <R extends RaRecord>(resource: string, params: { id: Identifier; meta?: unknown; signal?: AbortSignal }) => {
    const { json } = await http<R>(item(resource, params.meta, params.id), { ...(params.signal ? { signal: params.signal } : {}) });
    return { data: json ?? ({ id: params.id } as R) };
  };

  const provider: DataProvider = {
    supportAbortSignal: true,

    getList: async (resource, params) => {
      const { json } = await http(endpoint(resource, params.meta), {
        query: listQuery(params),
        ...(params.signal ? { signal: params.signal } : {}),
      });
      return listResult(json);
    },

    getOne: (resource, params) => getOne(resource, params),

    getMany: async <R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> => {
      const idsFilter = (params.meta as AbpMeta | undefined)?.idsFilter ?? idsFilterFor(resource);
      if (idsFilter) {
        const { json } = await http(endpoint(resource, params.meta), {
          query: { [idsFilter]: params.ids.map(String), MaxResultCount: params.ids.length },
          ...(params.signal ? { signal: params.signal } : {}),
        });
        return { data: listResult<R>(json).data };
      }
      // No batch endpoint in ABP: one GET per id; a record gone meanwhile (404) is left out.
      const results = await Promise.allSettled(params.ids.map((id) => getOne<R>(resource, { id, meta: params.meta, signal: params.signal })));
      const data: R[] = [];
      for (const result of results) {
        if (result.status === 'fulfilled') data.push(result.value.data);
        else if (!isNotFound(result.reason)) throw result.reason;
      }
      return { data };
    },

    getManyReference: async (resource, params) => {
      const { json } = await http(endpoint(resource, params.meta), {
        query: listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
        ...(params.signal ? { signal: params.signal } : {}),
      });
      return listResult(json);
    },

    create: async <T extends Omit<RaRecord, 'id'>, R extends RaRecord = T & { id: Identifier }>(
      resource: string,
      params: CreateParams<T>,
    ): Promise<CreateResult<R>> => {
      const { json } = await http<R>(endpoint(resource, params.meta), { method: 'POST', body: params.data });
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

    // ABP has no bulk update and PUT replaces the whole record: read each one, merge, write back.
    updateMany: async (resource, params) => {
      await Promise.all(
        params.ids.map(async (id) => {
          const { data: current } = await getOne<RaRecord>(resource, { id, meta: params.meta });
          await http(item(resource, params.meta, id), {
            method: 'PUT',
            body: updateBody({ ...current, ...(params.data as Record<string, unknown>) }),
          });
        }),
      );
      return { data: params.ids };
    },

    // ABP answers DELETE with an empty body; react-admin wants the deleted record back.
    delete: async <R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> => {
      await http(item(resource, params.meta, params.id), { method: 'DELETE' });
      return { data: params.previousData ?? ({ id: params.id } as R) };
    },

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => http(item(resource, params.meta, id), { method: 'DELETE' })));
      return { data: params.ids };
    },
  };
  return provider;
}

export const dataProvider = createAbpDataProvider({ http: httpClient });
