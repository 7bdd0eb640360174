import { describe, expect, it } from 'vitest';
import { apiErrorParts, formFieldPath, GENERIC_HTTP_ERROR } from '../../src/providers/abpErrors';
import { apiUrl, createHttpClient, queryString } from '../../src/providers/apiFetch';
import { createAuthorizer } from '../../src/providers/authHeaders';
import { tenantHeaderValue } from '../../src/providers/tenantFilter';

const ALL = '00000000-0000-0000-0000-000000000000';

describe('API URLs and query strings', () => {
  it('resolves endpoints against the API base', () => {
    expect(apiUrl('http://h/api', '/api/app/devices')).toBe('http://h/api/app/devices');
    expect(apiUrl('http://h/api/', '/app/devices')).toBe('http://h/api/app/devices');
    expect(apiUrl('http://h/api', 'abp/application-configuration')).toBe('http://h/api/abp/application-configuration');
    expect(apiUrl('http://h/api', '/apiary/x')).toBe('http://h/api/apiary/x');
    expect(apiUrl('http://h/api', 'https://other/x')).toBe('https://other/x');
  });

  it('repeats arrays, formats dates and drops empty values', () => {
    expect(queryString({ a: [1, 2], d: new Date('2024-05-01T00:00:00Z'), b: true, n: null, u: undefined, e: '' })).toBe(
      '?a=1&a=2&d=2024-05-01T00%3A00%3A00.000Z&b=true',
    );
    expect(queryString({})).toBe('');
  });
});

describe('ABP errors as react-admin HttpError parts', () => {
  it('maps members to react-hook-form paths', () => {
    expect(formFieldPath('UserName')).toBe('userName');
    expect(formFieldPath('Address.Street')).toBe('address.street');
    expect(formFieldPath('Items[0].Name')).toBe('items.0.name');
  });

  it('takes the message from error.message and fields from validationErrors', () => {
    const { message, body } = apiErrorParts(400, 'Bad Request', {
      error: {
        code: null,
        message: 'Your request is not valid!',
        details: 'The following errors were detected',
        validationErrors: [
          { message: 'Email must be valid!', members: ['email'] },
          { message: 'Passwords must match', members: ['password', 'confirmPassword'] },
          { message: 'Second message for email', members: ['email'] },
        ],
      },
    });
    expect(message).toBe('Your request is not valid!');
    expect(body.errors).toEqual({
      email: 'Email must be valid!',
      password: 'Passwords must match',
      confirmPassword: 'Passwords must match',
      root: { serverError: 'Your request is not valid!' },
    });
    expect(body.abp).toBe(true);
    expect(body.details).toBe('The following errors were detected');
  });

  // ra-core's useEditController and useCreateController read `error.body.errors`: when it is
  // there, a pessimistic save treats the failure as a validation error, hands it to the form and
  // neither notifies nor stays put (marmelab/react-admin, packages/ra-core/src/controller/edit/
  // useEditController.ts, `hasValidationErrors`). Only ABP's 400 is a validation failure.
  it.each([401, 403, 404, 409, 500, 503])('gives no form errors for a %i', (status) => {
    const { body } = apiErrorParts(status, 'Failed', { error: { code: 'Volo.Authorization:010001', message: 'Refused', validationErrors: null } });
    expect(body).not.toHaveProperty('errors');
    expect(body.code).toBe('Volo.Authorization:010001');
  });

  it('gives a 400 without field members a form-level error only', () => {
    expect(apiErrorParts(400, 'Bad Request', { error: { message: 'Not valid', validationErrors: null } }).body.errors).toEqual({ root: { serverError: 'Not valid' } });
  });

  it('falls back to the first validation message, the status text, then a generic key', () => {
    expect(apiErrorParts(400, '', { error: { validationErrors: [{ message: 'Too short', members: ['x'] }] } }).message).toBe('Too short');
    expect(apiErrorParts(502, 'Bad Gateway', undefined).message).toBe('Bad Gateway');
    const bare = apiErrorParts(500, '', '<html>');
    expect(bare.message).toBe(GENERIC_HTTP_ERROR);
    expect(bare.body.abp).toBe(false);
  });
});

describe('request headers', () => {
  const call = async (tenant: string | undefined, options?: { tenant?: boolean }, token: string | null = 't') => {
    let headers = new Headers();
    const http = createHttpClient({
      apiBase: async () => 'http://h/api',
      authorization: createAuthorizer({ user: async () => (token ? { access_token: token, token_type: 'Bearer' } : null), proof: async () => undefined }),
      language: () => 'en',
      tenantFilter: () => tenant,
      xsrfToken: () => 'x1',
      fetch: async (_input, init) => {
        headers = new Headers(init?.headers);
        return new Response('{}', { status: 200 });
      },
    });
    await http('/app/x', options);
    return headers;
  };

  it('sends __tenant from the tenant filter unless the call opts out', async () => {
    expect((await call(ALL)).get('__tenant')).toBe(ALL);
    expect((await call('null')).get('__tenant')).toBe('null');
    expect((await call(ALL, { tenant: false })).has('__tenant')).toBe(false);
    expect((await call(undefined)).has('__tenant')).toBe(false);
  });

  it('sends no Authorization when signed out, and the XSRF header when there is a cookie', async () => {
    const headers = await call(undefined, undefined, null);
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.get('X-XSRF-TOKEN')).toBe('x1');
    expect(headers.get('Accept-Language')).toBe('en');
  });

  it('reads the stored tenant filter strictly', () => {
    expect(tenantHeaderValue(ALL)).toBe(ALL);
    expect(tenantHeaderValue('null')).toBe('null');
    expect(tenantHeaderValue('"3fa85f64-5717-4562-b3fc-2c963f66afa6"')).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(tenantHeaderValue('')).toBeUndefined();
    expect(tenantHeaderValue(null)).toBeUndefined();
    expect(tenantHeaderValue('<script>')).toBeUndefined();
  });
});

describe('a sign-in that has ended', () => {
  const client = (token: string | null, ended: () => void) =>
    createHttpClient({
      apiBase: async () => 'http://h/api',
      authorization: createAuthorizer({ user: async () => (token ? { access_token: token, token_type: 'Bearer' } : null), proof: async () => undefined }),
      language: () => 'en',
      tenantFilter: () => undefined,
      fetch: async () => new Response(JSON.stringify({ error: { code: 'Vigil:SessionEnded', message: 'Your sign-in has ended' } }), { status: 401, headers: { 'content-type': 'application/json' } }),
      onSessionEnded: ended,
    });

  it("is left when the API refuses the session's token, and the caller still gets the error", async () => {
    let calls = 0;
    await expect(client('t1', () => calls++)('/app/x')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1);
  });

  it('is not a 401 for a caller that sent no token (a public page)', async () => {
    let calls = 0;
    await expect(client(null, () => calls++)('/app/x')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(0);
  });
});
