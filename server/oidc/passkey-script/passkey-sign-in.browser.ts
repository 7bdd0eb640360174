import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';

/**
 * The sign-in page's passkey button (server/oidc/passkey-page.ts), bundled with
 * @simplewebauthn/browser and served as a same-origin script (server/oidc/passkey-script/serve.ts):
 * the page allows no inline script. Without JavaScript or WebAuthn the button stays hidden and the
 * password form is all there is.
 *
 * A click asks the issuer for a challenge, lets the browser offer the passkeys it has for this
 * site, and posts the answer as an ordinary form, so the issuer finishes the sign-in exactly as it
 * does a password's (a redirect back to the app) or answers with the page and its error.
 */
interface ErrorBody {
  error?: { message?: string };
}

function byId<T extends HTMLElement>(id: string, type: new () => T): T | undefined {
  const element = document.getElementById(id);
  return element instanceof type ? element : undefined;
}

function start(): void {
  const section = byId('passkey', HTMLElement);
  const button = byId('passkey-button', HTMLButtonElement);
  const form = byId('passkey-form', HTMLFormElement);
  const field = byId('passkey-response', HTMLInputElement);
  const status = byId('passkey-status', HTMLElement);
  if (!section || !button || !form || !field || !status || !browserSupportsWebAuthn()) return;
  section.hidden = false;
  const say = (text: string) => {
    status.textContent = text;
    status.hidden = text === '';
  };

  button.addEventListener('click', () => {
    void (async () => {
      button.disabled = true;
      say('');
      try {
        const res = await fetch(button.dataset.options ?? '', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
        if (!res.ok) {
          const body = (await res.json().catch(() => ({}))) as ErrorBody;
          say(body.error?.message ?? button.dataset.failed ?? '');
          button.disabled = false;
          return;
        }
        const optionsJSON = (await res.json()) as PublicKeyCredentialRequestOptionsJSON;
        const answer = await startAuthentication({ optionsJSON });
        field.value = JSON.stringify(answer);
        form.submit();
      } catch (error) {
        // Closed or refused by the person (NotAllowedError), or no passkey for this site.
        const cancelled = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
        say((cancelled ? button.dataset.cancelled : button.dataset.failed) ?? '');
        button.disabled = false;
      }
    })();
  });
}

start();
