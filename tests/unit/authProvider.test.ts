import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider, signInPageUrl } from '../../src/providers/authProvider';
import { apiErrorParts } from '../../src/providers/abpErrors';

const abpError = (status: number, code: string | null, message: string) => {
  const parts = apiErrorParts(status, '', { error: { code, message } });
  return new HttpError(parts.message, parts.status, parts.body);
};

describe('authProvider.checkError', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs out on 401 and sends the user to /login with the way back', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://app.test', pathname: '/citizens/42', search: '?tab=2' } });
    await expect(authProvider.checkError(abpError(401, 'Vigil:Unauthorized', 'Sign in'))).rejects.toEqual({
      message: false,
      redirectTo: 'http://app.test/login?returnTo=%2Fcitizens%2F42%3Ftab%3D2',
    });
  });

  it('keeps the user signed in on a 403 for a missing policy', async () => {
    await expect(authProvider.checkError(abpError(403, 'Vigil:Forbidden', 'Not allowed'))).rejects.toEqual({ logoutUser: false, message: 'Not allowed' });
    await expect(authProvider.checkError(abpError(403, 'Volo.Authorization:010001', 'Denied'))).rejects.toMatchObject({ logoutUser: false });
    await expect(authProvider.checkError(new HttpError('Forbidden', 403))).rejects.toMatchObject({ logoutUser: false });
  });

  it('lets business-rule 403s and other errors through to the caller', async () => {
    await expect(authProvider.checkError(abpError(403, 'Vigil:DeviceCap', "You've reached the maximum number of devices allowed for your account."))).resolves.toBeUndefined();
    await expect(authProvider.checkError(abpError(404, 'Vigil:NotFound', 'Gone'))).resolves.toBeUndefined();
    await expect(authProvider.checkError(abpError(500, null, 'Boom'))).resolves.toBeUndefined();
  });
});

describe('signInPageUrl', () => {
  it('is absolute, so react-admin loads /login as a new page', () => {
    expect(signInPageUrl({ origin: 'http://h', pathname: '/dashboard', search: '' })).toBe('http://h/login?returnTo=%2Fdashboard');
  });
});
