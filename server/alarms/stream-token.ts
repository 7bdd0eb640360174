import type { Principal } from '../http/request-context';
import type { Revocation, TokenLiveness } from '../oidc/token-liveness';

/** setTimeout's longest pause; a token that lives longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const RECHECK_MS = 1000;

/**
 * Calls `close` once, when the token a live stream was opened with stops being good: 'expired' at
 * its expiry, 'ended' when its grant or the token itself is revoked (heard from every node
 * through TokenLiveness), or when, after a missed notification, it turns out to be. Returns the
 * function that stops watching.
 */
export function watchStreamToken(liveness: TokenLiveness, principal: Principal, close: (reason: 'expired' | 'ended') => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let done = false;
  const finish = (reason: 'expired' | 'ended') => {
    if (done) return;
    stop();
    close(reason);
  };
  const armExpiry = () => {
    const left = (principal.expiresAt ?? 0) - Date.now();
    if (left <= 0) return finish('expired');
    timer = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
  };
  const onRevoked = (r: Revocation) => {
    if ('grantId' in r && r.grantId === principal.grantId) finish('ended');
    else if ('tokenId' in r && r.tokenId === principal.tokenId) finish('ended');
    else if ('resync' in r) check();
  };
  // Asked again every second while the database does not answer (its pool may still hold
  // connections that died with the listener's).
  const check = () => {
    clearTimeout(recheck);
    liveness.alive(principal).then(
      (alive) => alive || finish('ended'),
      () => {
        if (!done) recheck = setTimeout(check, RECHECK_MS);
      },
    );
  };
  const stop = () => {
    done = true;
    clearTimeout(timer);
    clearTimeout(recheck);
    liveness.off('revoked', onRevoked);
  };
  liveness.on('revoked', onRevoked);
  armExpiry();
  return stop;
}
