import { AuthenticatorAppSection } from './AuthenticatorAppSection';
import { PasskeysSection } from './PasskeysSection';

/** How the user may sign in besides the password (issue 15 item 6): passkeys, and the authenticator app as a second factor. */
export function SignInSecurity() {
  return (
    <>
      <PasskeysSection />
      <AuthenticatorAppSection />
    </>
  );
}
