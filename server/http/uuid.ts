/**
 * The one UUID pattern of the server: a route's schema refuses anything else (ajv-formats' `uuid`
 * also takes a `urn:uuid:` prefix, which PostgreSQL does not), and code reading an id from
 * elsewhere (a header, a cookie, a token) tests it with the same pattern.
 */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const UUID = new RegExp(UUID_PATTERN);

export const isUuid = (value: string): boolean => UUID.test(value);
