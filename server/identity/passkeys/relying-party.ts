import type { Config } from '../../config';

/** Who the passkeys belong to (WebAuthn's relying party), from the server's public URL. */
export interface RelyingParty {
  /** The RP ID: the public URL's host name (no port); a passkey works on it and its subdomains. */
  id: string;
  name: string;
  /** Origins a ceremony may come from: the public URL and those extra origins on the RP ID's domain. */
  origins: string[];
}

const originOf = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/**
 * The relying party of this deployment. Passkeys are made for PUBLIC_URL's host, where the sign-in
 * page is; the web app's other origins (EXTRA_ORIGINS, the plug-and-play host) may register them
 * only when they are that host or one of its subdomains, as browsers allow no other (WebAuthn,
 * section 5.1.3): an origin on another domain is not accepted.
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'extraOrigins' | 'plugAndPlayHost'>): RelyingParty {
  const publicUrl = new URL(config.publicUrl);
  const id = publicUrl.hostname;
  const candidates = [config.publicUrl, ...config.extraOrigins, ...(config.plugAndPlayHost ? [`https://${config.plugAndPlayHost}`] : [])];
  const origins = new Set<string>();
  for (const candidate of candidates) {
    const url = originOf(candidate);
    if (url && (url.hostname === id || url.hostname.endsWith(`.${id}`))) origins.add(url.origin);
  }
  return { id, name: 'Vigil', origins: [...origins] };
}
