import { describe, expect, it } from 'vitest';
import { isProtectedPath } from '../../src/routing/isProtectedPath';
import { safeReturnPath } from '../../src/components/safeReturnPath';
import { PUBLIC_PATHS } from '../../common/navigation';

describe('protected paths', () => {
  it('sends the protected screens and their sub-pages to the admin shell', () => {
    for (const path of ['/dashboard', '/citizens/42', '/subscription/billing', '/identity-management/roles', '/contact-people', '/accessDenied']) {
      expect(isProtectedPath(path), path).toBe(true);
    }
  });

  it('leaves public pages and unknown addresses to the public side', () => {
    for (const path of [...PUBLIC_PATHS, '/nope', '/dashboards', '/identity-management', '/citizens-x']) {
      expect(isProtectedPath(path), path).toBe(false);
    }
  });
});

describe('return path after sign-in', () => {
  it('keeps paths on this site', () => {
    expect(safeReturnPath('/citizens/42?tab=devices')).toBe('/citizens/42?tab=devices');
  });

  it('refuses anything that would leave the site', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '', undefined, 42]) {
      expect(safeReturnPath(path)).toBe('/dashboard');
    }
  });
});
