import type { AnswerOf } from '../../../providers/openapi/typedApi';

/** The answer of GET /api/app/troubleshoot/{deviceId} (server/device-stock). */
export type Troubleshooting = AnswerOf<'/api/app/troubleshoot/{deviceId}'>;
export type RawMessage = Troubleshooting['messages'][number];
/** The watch's live connection as troubleshooting answers it (server/device-stock/troubleshoot-connection.ts). */
export type WatchConnection = Troubleshooting['connection'];
