import { translate } from '../localization/texts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const t = (lang: string, key: string) => escape(translate(`server:setup.${key}`, lang));

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px}label{display:block;margin-top:12px;font-weight:600}input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:20px;padding:10px 16px}.alert{background:#fdecea;color:#b3261e;padding:10px;margin-top:12px}';

function page(lang: string, body: string): string {
  return `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${t(lang, 'title')} · Vigil</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The one-time setup form: no script, posts to /setup with the token from the link. */
export function renderSetupPage(lang: string, token: string, values: { userName?: string; email?: string } = {}, errors: string[] = []): string {
  const alert = errors.length ? `<div class="alert" role="alert">${errors.map(escape).join('<br>')}</div>` : '';
  return page(
    lang,
    `<h1>${t(lang, 'title')}</h1><p>${t(lang, 'intro')}</p>${alert}
<form method="post" action="/setup">
<input type="hidden" name="token" value="${escape(token)}">
<label for="userName">${t(lang, 'userName')}</label><input id="userName" name="userName" required maxlength="256" autocomplete="username" value="${escape(values.userName ?? 'admin')}">
<label for="email">${t(lang, 'email')}</label><input id="email" name="email" type="email" required maxlength="256" value="${escape(values.email ?? '')}">
<label for="password">${t(lang, 'password')}</label><input id="password" name="password" type="password" required maxlength="100" autocomplete="new-password">
<button type="submit">${t(lang, 'submit')}</button>
</form>`,
  );
}

export function renderSetupDone(lang: string): string {
  return page(lang, `<h1>${t(lang, 'title')}</h1><p>${t(lang, 'done')}</p><p><a href="/">${t(lang, 'signIn')}</a></p>`);
}
