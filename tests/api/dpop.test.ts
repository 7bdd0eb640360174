import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWTHeaderParameters } from 'jose';
import * as client from 'openid-client';
import { DPOP_ALGS } from '../../server/http/errors';
import { translate } from '../../server/localization/texts';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { challenge, clientSignIn, makeProof, type ClientSignIn } from '../support/dpop';
import { DATABASES, startServer, type TestServer, startSecondNode, type SecondNode } from '../support/server';
import { signIn, tokensFor } from '../support/sign-in';
import { decodeJwt } from '../support/tokens';
import { captureServerLog } from '../support/server-log';

/**
 * DPoP (RFC 9449): an independent client (openid-client) binds its tokens to a key and calls the
 * API with a proof per request; every proof that is not good for the request is refused 401 with
 * the DPoP challenge saying why and the ABP error in the caller's language.
 */

const ROUTE = '/api/app/user-overviews/current';

/** Everything the servers log, to show no token or proof is in it. */
const serverLog = captureServerLog();

interface Answer {
  status: number;
  challenge: string | null;
  body: { error?: { code: string; message: string } };
}

async function call(url: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  const res = await fetch(url, { method, headers });
  return { status: res.status, challenge: res.headers.get('www-authenticate'), body: (await res.json()) as Answer['body'] };
}

describe.each(DATABASES)('DPoP-bound access tokens ($name)', ({ url: databaseUrl }) => {
  let server: TestServer;
  let signedIn: ClientSignIn;
  let token: string;
  let keyPair: CryptoKeyPair;
  const url = () => `${server.url}${ROUTE}`;
  const dpopCall = async (proof: string | undefined, language = 'en') =>
    call(url(), { authorization: `DPoP ${token}`, 'accept-language': language, ...(proof ? { dpop: proof } : {}) });
  /** A 401 whose DPoP challenge names `error` and a description, with the ABP error in the caller's language. */
  const expectRefused = (answer: Answer, error: string, description: RegExp, text: string, language = 'en') => {
    expect(answer.status).toBe(401);
    const dpop = challenge(answer.challenge, 'DPoP');
    expect(dpop).toMatchObject({ error, algs: DPOP_ALGS.join(' ') });
    expect(dpop!.error_description).toMatch(description);
    expect(answer.body.error?.message).toBe(translate(text, language));
  };

  beforeAll(async () => {
    server = await startServer(databaseUrl, { logLevel: 'info', dpopClients: ['vigil-plug-and-play'], signInLimit: { perIp: 1000, perLogin: 1000, windowSeconds: 300 } });
    signedIn = await clientSignIn(server.url, 'caregiver', DEMO_PASSWORD);
    token = signedIn.tokens.access_token;
    keyPair = signedIn.keyPair!;
  });
  afterAll(async () => server?.stop());

  it('binds the tokens to the client key and takes openid-client calls with their proofs', async () => {
    expect(signedIn.tokens.token_type).toBe('dpop');
    const claims = decodeJwt(token) as { cnf?: { jkt?: string } };
    expect(claims.cnf?.jkt).toBe(await calculateJwkThumbprint(await exportJWK(keyPair.publicKey)));
    for (let i = 0; i < 2; i++) {
      const res = await client.fetchProtectedResource(signedIn.config, token, new URL(url()), 'GET', undefined, undefined, { DPoP: signedIn.dpop! });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { userName: string }).userName).toBe('caregiver');
    }
    // Renewed with the refresh token (bound to the same key), still bound and still good.
    const renewed = await client.refreshTokenGrant(signedIn.config, signedIn.tokens.refresh_token!, undefined, { DPoP: signedIn.dpop! });
    expect((decodeJwt(renewed.access_token) as { cnf?: { jkt?: string } }).cnf?.jkt).toBe(claims.cnf?.jkt);
    const res = await client.fetchProtectedResource(signedIn.config, renewed.access_token, new URL(url()), 'GET', undefined, undefined, { DPoP: signedIn.dpop! });
    expect(res.status).toBe(200);
  });

  it('takes a hand-made proof once and refuses it replayed', async () => {
    const proof = await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: token });
    expect((await dpopCall(proof)).status).toBe(200);
    expectRefused(await dpopCall(proof), 'invalid_dpop_proof', /already used/, 'errors.dpopProofReplayed');
    expectRefused(await dpopCall(proof, 'da-DK'), 'invalid_dpop_proof', /already used/, 'errors.dpopProofReplayed', 'da-DK');
  });

  it('refuses a proof made too long ago or dated ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    expectRefused(await dpopCall(await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: token, iat: now - 120 })), 'invalid_dpop_proof', /too old/, 'errors.dpopProofExpired');
    expectRefused(await dpopCall(await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: token, iat: now + 120 })), 'invalid_dpop_proof', /too old/, 'errors.dpopProofExpired');
  });

  it('refuses a proof for another URL or method', async () => {
    const otherUrl = await makeProof(keyPair, { htm: 'GET', htu: `${server.url}/api/app/tracking/alarms`, accessToken: token });
    expectRefused(await dpopCall(otherUrl), 'invalid_dpop_proof', /another URL \(htu\)/, 'errors.dpopProofWrongRequest');
    const otherOrigin = await makeProof(keyPair, { htm: 'GET', htu: `https://elsewhere.example${ROUTE}`, accessToken: token });
    expectRefused(await dpopCall(otherOrigin), 'invalid_dpop_proof', /another URL \(htu\)/, 'errors.dpopProofWrongRequest');
    const otherMethod = await makeProof(keyPair, { htm: 'POST', htu: url(), accessToken: token });
    expectRefused(await dpopCall(otherMethod), 'invalid_dpop_proof', /another HTTP method \(htm\)/, 'errors.dpopProofWrongRequest');
    // The query is no part of htu.
    const withQuery = await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: token });
    expect((await call(`${url()}?x=1`, { authorization: `DPoP ${token}`, dpop: withQuery })).status).toBe(200);
  });

  it('refuses a proof for another token or signed by another key', async () => {
    const otherToken = await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: `${token}x` });
    expectRefused(await dpopCall(otherToken), 'invalid_dpop_proof', /another access token \(ath\)/, 'errors.dpopProofInvalid');
    const otherKey = await makeProof(await client.randomDPoPKeyPair(), { htm: 'GET', htu: url(), accessToken: token });
    expectRefused(await dpopCall(otherKey), 'invalid_token', /bound to another key/, 'errors.dpopKeyMismatch');
    const garbage = 'e30.e30.e30';
    expectRefused(await dpopCall(garbage), 'invalid_dpop_proof', /not a dpop\+jwt/, 'errors.dpopProofInvalid');
  });

  it('refuses a proof carrying a private key, or signed with a shared secret', async () => {
    const extractable = await generateKeyPair('ES256', { extractable: true });
    const claims = { htm: 'GET', htu: url(), jti: crypto.randomUUID(), ath: createHash('sha256').update(token).digest('base64url') };
    const withPrivateKey = await new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: await exportJWK(extractable.privateKey) })
      .setIssuedAt()
      .sign(extractable.privateKey);
    expectRefused(await dpopCall(withPrivateKey), 'invalid_dpop_proof', /not a dpop\+jwt/, 'errors.dpopProofInvalid');
    const secret = new Uint8Array(32).fill(7);
    const symmetric = await new SignJWT(claims)
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'HS256', jwk: { kty: 'oct', k: Buffer.from(secret).toString('base64url') } as unknown as JWTHeaderParameters['jwk'] })
      .setIssuedAt()
      .sign(secret);
    expectRefused(await dpopCall(symmetric), 'invalid_dpop_proof', /not a dpop\+jwt/, 'errors.dpopProofInvalid');
  });

  it('refuses the bound token as Bearer, and as DPoP without a proof', async () => {
    expectRefused(await call(url(), { authorization: `Bearer ${token}` }), 'invalid_token', /DPoP-bound/, 'errors.dpopRequired');
    expectRefused(await dpopCall(undefined), 'invalid_dpop_proof', /no DPoP header/, 'errors.dpopProofMissing');
    expectRefused(await dpopCall(undefined, 'de-DE'), 'invalid_dpop_proof', /no DPoP header/, 'errors.dpopProofMissing', 'de-DE');
  });

  it('keeps Bearer for clients not made to use DPoP, and refuses a token request without a proof for those that are', async () => {
    const bearer = await tokensFor(server.url, 'caregiver', DEMO_PASSWORD);
    expect(bearer.token_type).toBe('Bearer');
    expect((await call(url(), { authorization: `Bearer ${bearer.access_token}` })).status).toBe(200);
    // An unbound token is not sent as DPoP.
    const asDpop = await call(url(), { authorization: `DPoP ${bearer.access_token}` });
    expect(asDpop.status).toBe(401);
    expect(challenge(asDpop.challenge, 'DPoP')).toMatchObject({ error: 'invalid_token' });

    // oidc-provider says only invalid_grant ('DPoP proof JWT not provided' stays in its error_detail).
    await expect(signIn(server.url, 'caregiver', DEMO_PASSWORD, { clientId: 'vigil-plug-and-play' })).rejects.toThrow(/400 .*invalid_grant/);
    const bound = await clientSignIn(server.url, 'caregiver', DEMO_PASSWORD, { clientId: 'vigil-plug-and-play' });
    expect(bound.tokens.token_type).toBe('dpop');
  });

  it('logs no token and no proof', async () => {
    const proof = await makeProof(keyPair, { htm: 'GET', htu: url(), accessToken: token });
    await dpopCall(proof);
    await dpopCall(proof);
    expect(serverLog.text()).toContain('refused access token');
    for (const secret of [token, proof, proof.split('.')[2]!]) expect(serverLog.text()).not.toContain(secret);
  });
});

describe.skipIf(!DATABASES.some((d) => d.name === 'postgres'))('a DPoP proof across API nodes (PostgreSQL)', () => {
  let first: TestServer;
  let second: SecondNode;
  beforeAll(async () => {
    first = await startServer(DATABASES.find((d) => d.name === 'postgres')!.url);
    second = await startSecondNode(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it('is good once on all of them', async () => {
    const { tokens, keyPair } = await clientSignIn(first.url, 'caregiver', DEMO_PASSWORD);
    // Both nodes serve the one PUBLIC_URL (the first's), which is what proofs name.
    const proof = await makeProof(keyPair!, { htm: 'GET', htu: `${first.url}${ROUTE}`, accessToken: tokens.access_token });
    const headers = { authorization: `DPoP ${tokens.access_token}`, dpop: proof };
    expect((await call(`${first.url}${ROUTE}`, headers)).status).toBe(200);
    const replayed = await call(`${second.url}${ROUTE}`, headers);
    expect(replayed.status).toBe(401);
    expect(challenge(replayed.challenge, 'DPoP')?.error_description).toMatch(/already used/);
  });
});
