/**
 * The schemas of the issuer's interaction pages and their form posts. A person submits these from
 * a browser, so a request the schema refuses still gets a page in their language, never a JSON
 * error: the routes attach the check's result (attachValidation) and their handlers read each
 * member as possibly absent or of another type (their route generics say `unknown`).
 */

/** `:uid`, the interaction's id (oidc-provider's, 21 characters; the cookie is what binds it). */
export const INTERACTION_PARAMS = { type: 'object', properties: { uid: { type: 'string', minLength: 1, maxLength: 128 } }, required: ['uid'] } as const;

/** The sign-in page: `lng`, a language picked on the page itself. */
export const SIGN_IN_PAGE_QUERY = { type: 'object', properties: { lng: { type: 'string', maxLength: 16 } } } as const;

/** The password form (the inputs' own maxlength is 256). */
export const LOGIN_BODY = { type: ['object', 'null'], properties: { login: { type: 'string', maxLength: 256 }, password: { type: 'string', maxLength: 256 } } } as const;

/** A code typed on a second-step page: the mailed code (6 digits), an authenticator or recovery code. */
export const CODE_BODY = { type: ['object', 'null'], properties: { code: { type: 'string', maxLength: 64 } } } as const;

/** The external provider's return to its fixed callback URL (OAuth 2.0's code, state or error). */
export const EXTERNAL_CALLBACK_QUERY = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 2048 }, state: { type: 'string', maxLength: 512 }, error: { type: 'string', maxLength: 256 } },
} as const;

/** An HTML page, or a redirect: the pages are documented by their routes, not by JSON. */
export const PAGE_SCHEMA = { hide: true } as const;
