import { translate } from '../localization/texts';
import { PASSKEY_SCRIPT_PATH } from './passkey-script/serve';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const t = (lang: string, key: string) => escape(translate(`security:${key}`, lang));

/**
 * The sign-in page's "Sign in with a passkey": hidden until its script (a same-origin file, the
 * page allows no inline script) finds WebAuthn in the browser. The answer is posted as a form to
 * `<action>/passkey`; the texts the script may show ride along as data attributes.
 */
export function passkeySignIn(lang: string, action: string): string {
  return `
<div id="passkey" hidden>
<p style="text-align:center;margin:20px 0 0" aria-hidden="true">${t(lang, 'signIn.or')}</p>
<form id="passkey-form" method="post" action="${action}/passkey">
<input type="hidden" name="response" id="passkey-response">
<button type="button" class="secondary" id="passkey-button" data-options="${action}/passkey/options" data-cancelled="${t(lang, 'signIn.passkeyCancelled')}" data-failed="${t(lang, 'signIn.passkeyFailed')}" aria-describedby="passkey-status">${t(lang, 'signIn.passkey')}</button>
</form>
<div class="alert" id="passkey-status" role="alert" hidden></div>
</div>
<script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;
}
