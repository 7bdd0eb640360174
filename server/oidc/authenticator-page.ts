import { translate } from '../localization/texts';
import { page } from './pages';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const t = (lang: string, key: string) => escape(translate(key, lang));

export interface AuthenticatorView {
  lang: string;
  uid: string;
  error?: string;
  homeUrl: string;
}

/**
 * The second step for a user with an authenticator app: the app's six-digit code, or one of the
 * recovery codes (letters too, so the field is not numeric-only).
 */
export function renderAuthenticatorPage({ lang, uid, error, homeUrl }: AuthenticatorView): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const body = `
<h1>${t(lang, 'security:authenticatorSignIn.title')}</h1>
<p>${t(lang, 'security:authenticatorSignIn.intro')}</p>
${error ? `<div class="alert" role="alert" id="code-error">${escape(error)}</div>` : ''}
<form method="post" action="${action}/authenticator" novalidate>
<label for="code">${t(lang, 'security:authenticatorSignIn.code')}</label>
<input id="code" name="code" type="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="16" required autofocus aria-describedby="code-hint${error ? ' code-error' : ''}">
<p id="code-hint" style="margin:8px 0 0;font-size:.9rem">${t(lang, 'security:authenticatorSignIn.hint')}</p>
<button type="submit">${t(lang, 'security:authenticatorSignIn.submit')}</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${t(lang, 'account:signIn.cancel')}</button></form>`;
  return page({ lang, title: t(lang, 'security:authenticatorSignIn.title'), body, homeUrl });
}
