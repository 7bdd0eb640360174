import type { CommandType } from '../types';

/**
 * OsmAnd, the HTTP protocol of the Traccar Client apps and OsmAnd (Traccar's `osmand`, port 5055):
 * one request a report, no connection kept. A command reaches the watch only as the answer to its
 * next report, so the catalogue is what such an app can act on: its text.
 */
export const osmandProtocol = {
  name: 'osmand' as const,
  defaultPort: 5055,
  commands: ['positionSingle', 'custom'] as const satisfies readonly CommandType[],
};

export { parseRequest, parseTimestamp, typedValue, MAX_ID_LENGTH, type Format, type Parsed } from './decoder';
export { readRequest, MAX_HEAD, type Http1Request, type ReadResult } from './http1-request';
