import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { freePort } from './server';

export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who "signs in" at the provider next (MitID would ask them; the stand-in just answers). */
  signInAs(subject: string, name?: string): void;
  /** Token requests the provider received (form bodies). */
  tokenRequests: URLSearchParams[];
  stop(): Promise<void>;
}

/**
 * A local stand-in for an external OpenID Connect provider (MitID's broker cannot be reached from
 * here): discovery, authorize (answers at once for the chosen person), token (checks the client
 * secret, the redirect URI and the PKCE verifier) and JWKS, with RS256 ID tokens carrying the nonce.
 */
export async function startOidcStandIn(): Promise<OidcStandIn> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'vigil-test-client';
  const clientSecret = randomBytes(16).toString('hex');
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let person = { subject: 'nobody', name: undefined as string | undefined };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string; subject: string; name?: string }>();
  const tokenRequests: URLSearchParams[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, issuer);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256' || !q.get('nonce')) return json(400, { error: 'invalid_request' });
      const code = randomBytes(16).toString('hex');
      codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')!, nonce: q.get('nonce')!, subject: person.subject, name: person.name });
      const back = new URL(q.get('redirect_uri')!);
      back.search = new URLSearchParams({ code, state: q.get('state')! }).toString();
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifierOk = grant && createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url') === grant.challenge;
        if (!grant || !verifierOk || form.get('client_secret') !== clientSecret || form.get('redirect_uri') !== grant.redirectUri) return json(400, { error: 'invalid_grant' });
        void new SignJWT({ nonce: grant.nonce, ...(grant.name ? { name: grant.name } : {}) })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(clientId)
          .setSubject(grant.subject)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) => json(200, { access_token: 'opaque', token_type: 'Bearer', id_token: idToken, expires_in: 300 }));
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    signInAs(subject, name) {
      person = { subject, name };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
