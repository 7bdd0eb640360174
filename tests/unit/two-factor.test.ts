import { describe, expect, it } from 'vitest';
import { renderTwoFactorPage, renderLoginPage } from '../../server/oidc/pages';

describe('sign-in pages for two-factor and MitID', () => {
  it('the code page posts a six-digit one-time code field', () => {
    const html = renderTwoFactorPage({ lang: 'en', uid: 'abc', homeUrl: 'http://x' });
    expect(html).toContain('action="/oidc/interaction/abc/two-factor"');
    expect(html).toContain('autocomplete="one-time-code"');
    expect(html).toContain('<label for="code">Sign-in code</label>');
  });

  it('the sign-in page offers MitID only when configured, and hides it while a MitID waits to be linked', () => {
    const base = { lang: 'en', uid: 'abc', homeUrl: 'http://x' };
    expect(renderLoginPage(base)).not.toContain('/mitid');
    expect(renderLoginPage({ ...base, external: { name: 'MitID' } })).toContain('href="/oidc/interaction/abc/mitid">Sign in with MitID</a>');
    const linking = renderLoginPage({ ...base, external: { name: 'MitID' }, notice: 'link it' });
    expect(linking).not.toContain('/mitid"');
    expect(linking).toContain('role="status">link it</div>');
  });
});
