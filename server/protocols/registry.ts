import type { ProtocolCodec } from './types';
import { watchCodec } from './watch';
import { eviewCodec } from './eview';

/**
 * Every device protocol Vigil speaks over its own TCP port, by name. Adding a protocol is adding its
 * folder and one line here (OsmAnd, over HTTP, has its own port and routes in server/ingest).
 */
export const TCP_PROTOCOLS = [watchCodec, eviewCodec] as const satisfies readonly ProtocolCodec[];

export type TcpProtocolName = (typeof TCP_PROTOCOLS)[number]['name'];

export function protocolNamed(name: string): ProtocolCodec | undefined {
  return TCP_PROTOCOLS.find((p) => p.name === name);
}
