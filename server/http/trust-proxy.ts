import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { TrustProxy } from '../config';

export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as the function Fastify's `trustProxy` and the ingest port both use. A hop count
 * trusts that many proxies nearest the server whatever their address (Fastify itself refuses to
 * count hops, as it cannot tell a direct caller from a proxy: use a count only when the port is
 * reachable through the proxies alone). Addresses and CIDRs are checked as proxy-addr does.
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address from the socket's peer and an X-Forwarded-For value, as request.ip reads it. */
export function clientAddress(remote: string | null, forwardedFor: string | undefined, trust: TrustFunction | false): string | null {
  if (!trust || !remote || !forwardedFor) return remote;
  const request = { headers: { 'x-forwarded-for': forwardedFor }, socket: { remoteAddress: remote }, connection: { remoteAddress: remote } };
  const chain = proxyAddr.all(request as unknown as IncomingMessage, trust);
  return chain[chain.length - 1] ?? remote;
}
