/**
 * REST endpoints of resources defined at run time (the schema engine registers each schema's
 * `x-resource.endpoint`). The data provider reads this for every call on the resource, including
 * the ones react-admin makes without `meta` (reference lookups, exports, bulk deletes).
 */
const registered = new Map<string, string>();

export function registerResourceEndpoint(resource: string, endpoint: string): void {
  registered.set(resource, endpoint);
}

/** The registered endpoint, else ABP's convention '/api/app/<resource>'. */
export const endpointFor = (resource: string): string => registered.get(resource) ?? `/api/app/${resource}`;
