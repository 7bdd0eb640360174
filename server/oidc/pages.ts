import { BRAND } from '../../common/brand';
import { LANGUAGES } from '../../common/languages';
import { PASSWORD_RESET_PATH } from '../../common/navigation';
import { translate } from '../localization/texts';
import { passkeySignIn } from './passkey-page';

/**
 * The issuer's own pages (sign-in, sign-out, errors): plain server-rendered HTML, themed like the
 * web app (Montserrat, dark blue and pink, light or dark after the device), translated, and usable
 * without JavaScript.
 */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const t = (lang: string, key: string, values?: Record<string, string | number>) => escape(translate(`account:${key}`, lang, values));

export const FONT_PATH = '/signin-assets';

const styles = `
@font-face{font-family:'Montserrat';font-style:normal;font-weight:400;font-display:swap;src:url(${FONT_PATH}/montserrat-latin-400-normal.woff2) format('woff2')}
@font-face{font-family:'Montserrat';font-style:normal;font-weight:600;font-display:swap;src:url(${FONT_PATH}/montserrat-latin-600-normal.woff2) format('woff2')}
:root{color-scheme:light dark;--primary:${BRAND.primary};--secondary:${BRAND.secondary};--bg:${BRAND.backgroundLight};--paper:#fff;--text:#1c2430;--muted:#5b6573;--border:#c9d1dc;--error-bg:#fdecea;--error:#b3261e}
@media (prefers-color-scheme:dark){:root{--primary:#8fb3e8;--bg:${BRAND.backgroundDark};--paper:${BRAND.paperDark};--text:#e8edf3;--muted:#a9b4c2;--border:#3a4a5e;--error-bg:#3b1614;--error:#ffb4ab}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:${BRAND.font};background:var(--bg);color:var(--text);display:flex;flex-direction:column;align-items:center;justify-content:center;padding:16px}
main{width:100%;max-width:400px;background:var(--paper);border-radius:${BRAND.radius * 2}px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px 24px}
.brand{display:flex;align-items:center;gap:10px;color:var(--primary);font-weight:600;font-size:1.4rem;margin-bottom:8px;text-decoration:none}
.brand svg{width:32px;height:32px}
h1{font-size:1.35rem;margin:8px 0 4px}
p{color:var(--muted);margin:0 0 20px;line-height:1.5}
label{display:block;font-weight:600;font-size:.9rem;margin:16px 0 6px}
input{width:100%;font:inherit;padding:12px 14px;border:1px solid var(--border);border-radius:${BRAND.radius}px;background:transparent;color:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--secondary);outline-offset:2px}
button{width:100%;font:inherit;font-weight:600;margin-top:24px;padding:12px 16px;border:0;border-radius:${BRAND.buttonRadius};background:${BRAND.primary};color:#fff;cursor:pointer}
button.secondary{background:transparent;color:var(--primary);border:1px solid var(--border);margin-top:12px}
@media (prefers-color-scheme:dark){button{background:#2f5d9a}}
.notice{background:var(--bg);border-left:4px solid var(--secondary);border-radius:${BRAND.radius}px;padding:12px 14px;margin:16px 0 0}
a.button{display:block;text-align:center;text-decoration:none;font-weight:600;padding:12px 16px;border-radius:${BRAND.buttonRadius};margin-top:12px}
a.button.secondary{color:var(--primary);border:1px solid var(--border)}
.alert{background:var(--error-bg);color:var(--error);border-radius:${BRAND.radius}px;padding:12px 14px;margin:16px 0 0;font-weight:600}
.links{display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px;margin-top:20px;font-size:.9rem}
a{color:var(--primary)}
nav.lang{margin-top:20px;display:flex;gap:12px;flex-wrap:wrap;justify-content:center;font-size:.85rem}
nav.lang a[aria-current]{font-weight:600;text-decoration:none}
`;

const logo = `<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="15" fill="${BRAND.primary}"/><path d="M9 12l7 11 7-11" fill="none" stroke="${BRAND.secondary}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

interface Layout {
  lang: string;
  title: string;
  body: string;
  /** Base path for language links; none means no language switcher. */
  languageBase?: string;
  homeUrl?: string;
}

export function page({ lang, title, body, languageBase, homeUrl = '/' }: Layout): string {
  const languageNav = languageBase
    ? `<nav class="lang" aria-label="${t(lang, 'language')}">${LANGUAGES.map(
        (l) => `<a href="${escape(languageBase)}?lng=${l.cultureName}" lang="${l.cultureName}"${l.cultureName === lang ? ' aria-current="true"' : ''}>${escape(l.displayName)}</a>`,
      ).join('')}</nav>`
    : '';
  return `<!doctype html>
<html lang="${escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} · Vigil</title>
<style>${styles}</style>
</head>
<body>
<main>
<a class="brand" href="${escape(homeUrl)}">${logo}<span>Vigil</span></a>
${body}
${languageNav}
</main>
</body>
</html>`;
}

export interface LoginView {
  lang: string;
  uid: string;
  login?: string;
  error?: string;
  /** A notice that is not an error (a MitID waiting to be linked). */
  notice?: string;
  /** The external provider's button (MitID), when one is configured. */
  external?: { name: string };
  homeUrl: string;
}

export function renderLoginPage({ lang, uid, login = '', error, notice, external, homeUrl }: LoginView): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const body = `
<h1>${t(lang, 'signIn.title')}</h1>
<p>${t(lang, 'signIn.intro')}</p>
${notice ? `<div class="notice" role="status">${escape(notice)}</div>` : ''}
${error ? `<div class="alert" role="alert" id="signin-error">${escape(error)}</div>` : ''}
<form method="post" action="${action}/login" novalidate>
<label for="login">${t(lang, 'signIn.login')}</label>
<input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="256" value="${escape(login)}"${error ? ' aria-describedby="signin-error"' : ''}${login ? '' : ' autofocus'}>
<label for="password">${t(lang, 'signIn.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${login ? ' autofocus' : ''}>
<button type="submit">${t(lang, 'signIn.submit')}</button>
</form>
${passkeySignIn(lang, action)}
${external && !notice ? `<a class="button secondary" href="${action}/mitid">${t(lang, 'signIn.external', { name: external.name })}</a>` : ''}
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${t(lang, 'signIn.cancel')}</button></form>
<div class="links"><a href="${escape(homeUrl)}${PASSWORD_RESET_PATH}">${t(lang, 'signIn.forgotPassword')}</a><a href="${escape(homeUrl)}/registration">${t(lang, 'signIn.register')}</a></div>`;
  return page({ lang, title: t(lang, 'signIn.title'), body, languageBase: action, homeUrl });
}

export interface TwoFactorView {
  lang: string;
  uid: string;
  error?: string;
  homeUrl: string;
}

/** The second step for users with two-factor sign-in: the code mailed to them. */
export function renderTwoFactorPage({ lang, uid, error, homeUrl }: TwoFactorView): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}`;
  const body = `
<h1>${t(lang, 'twoFactor.title')}</h1>
<p>${t(lang, 'twoFactor.intro')}</p>
${error ? `<div class="alert" role="alert" id="code-error">${escape(error)}</div>` : ''}
<form method="post" action="${action}/two-factor" novalidate>
<label for="code">${t(lang, 'twoFactor.code')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${error ? ' aria-describedby="code-error"' : ''}>
<button type="submit">${t(lang, 'twoFactor.submit')}</button>
</form>
<form method="post" action="${action}/abort"><button type="submit" class="secondary">${t(lang, 'signIn.cancel')}</button></form>`;
  return page({ lang, title: t(lang, 'twoFactor.title'), body, homeUrl });
}

export function renderLogoutPage(lang: string, form: string): string {
  // oidc-provider's form carries the xsrf token; "logout=yes" confirms. It submits itself so a
  // sign-out from the app is one step; without JavaScript the button does it.
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  const body = `
<h1>${t(lang, 'signOut.title')}</h1>
<p>${t(lang, 'signOut.progress')}</p>
${confirmed}
<button type="submit" form="op.logoutForm">${t(lang, 'signOut.submit')}</button>
<script>document.getElementById('op.logoutForm').submit()</script>`;
  return page({ lang, title: t(lang, 'signOut.title'), body });
}

export function renderLoggedOutPage(lang: string, homeUrl: string): string {
  const body = `<h1>${t(lang, 'signOut.doneTitle')}</h1><p>${t(lang, 'signOut.done')}</p><a href="${escape(homeUrl)}/">${t(lang, 'signOut.back')}</a>`;
  return page({ lang, title: t(lang, 'signOut.doneTitle'), body, homeUrl });
}

export function renderErrorPage(lang: string, detail: string, homeUrl: string): string {
  const body = `<h1>${t(lang, 'error.title')}</h1><p>${t(lang, 'error.intro')}</p><div class="alert" role="alert">${escape(detail)}</div><div class="links"><a href="${escape(homeUrl)}/">${t(lang, 'error.back')}</a></div>`;
  return page({ lang, title: t(lang, 'error.title'), body, homeUrl });
}
