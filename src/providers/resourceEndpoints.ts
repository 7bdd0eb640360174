/**
 * REST endpoints of resources defined at run time (the schema engine registers each schema's
 * `x-resource.endpoint`). The data provider reads this for every call on the resource, including
 * the ones react-admin makes without `meta` (reference lookups, exports, bulk deletes).
 */
interface Registration {
  endpoint: string;
  /** List filter taking several ids, so getMany is one request (the schema engine's `id`). */
  idsFilter?: string;
}

const registered = new Map<string, Registration>();

export function registerResourceEndpoint(resource: string, endpoint: string, idsFilter?: string): void {
  registered.set(resource, { endpoint, ...(idsFilter ? { idsFilter } : {}) });
}

/** The registered endpoint, else ABP's convention '/api/app/<resource>'. */
export const endpointFor = (resource: string): string => registered.get(resource)?.endpoint ?? `/api/app/${resource}`;

export const idsFilterFor = (resource: string): string | undefined => registered.get(resource)?.idsFilter;
