import type { ProtocolCodec } from './types';
import { watchCodec } from './watch';
import { eviewCodec } from './eview';
import { osmandProtocol } from './osmand';

/**
 * Every device protocol Vigil speaks over a TCP connection of its own, by name. Adding a protocol is
 * adding its folder and one line here.
 */
export const TCP_PROTOCOLS = [watchCodec, eviewCodec] as const satisfies readonly ProtocolCodec[];

export type TcpProtocolName = (typeof TCP_PROTOCOLS)[number]['name'];

export function protocolNamed(name: string): ProtocolCodec | undefined {
  return TCP_PROTOCOLS.find((p) => p.name === name);
}

/** Every protocol, OsmAnd (HTTP, served by server/ingest's port and routes) included: its name, default port and catalogue. */
export const PROTOCOLS = [osmandProtocol, ...TCP_PROTOCOLS] as const;

export type ProtocolName = (typeof PROTOCOLS)[number]['name'];
