/**
 * REST endpoints of resources defined at run time (the schema engine registers each schema's
 * `x-resource.endpoint`). The data provider reads this for every call on the resource, including
 * the ones react-admin makes without `meta` (reference lookups, exports, bulk deletes).
 */
export interface ResourceRegistration {
  endpoint: string;
  /** List filter taking several ids, so getMany is one request (the schema engine's `id`). */
  idsFilter?: string;
  /** The endpoint has `PUT <endpoint>/bulk` and `POST <endpoint>/bulk-delete`, each one transaction. */
  bulk?: boolean;
}

const registered = new Map<string, ResourceRegistration>();

export function registerResourceEndpoint(resource: string, endpoint: string, options: Omit<ResourceRegistration, 'endpoint'> = {}): void {
  registered.set(resource, { endpoint, ...options });
}

/**
 * A resource nobody registered is a programming error (a typo, a page whose module was never
 * imported): it fails at once, with its name, instead of calling a guessed '/api/app/<resource>'
 * that answers 404 or, worse, some other resource.
 */
export class UnknownResourceError extends Error {
  constructor(resource: string) {
    super(`No endpoint is registered for the resource "${resource}": register it (registerResourceEndpoint) or pass meta.endpoint.`);
    this.name = 'UnknownResourceError';
  }
}

export function registrationFor(resource: string): ResourceRegistration {
  const found = registered.get(resource);
  if (found) return found;
  const error = new UnknownResourceError(resource);
  // Loud in the console as well: react-admin turns a rejected call into a generic notification.
  console.error(error.message);
  throw error;
}

export const endpointFor = (resource: string): string => registrationFor(resource).endpoint;
