import type { AnswerOf } from '../../../providers/openapi/typedApi';

/** Answers of GET /api/app/troubleshoot/{deviceId} and the device lookup (server/device-stock). */
export type DeviceOption = AnswerOf<'/api/app/productInstance/product-lookup'>['items'][number];
export type Troubleshooting = AnswerOf<'/api/app/troubleshoot/{deviceId}'>;
export type RawMessage = Troubleshooting['messages'][number];
/** The watch's live connection as troubleshooting answers it (server/device-stock/troubleshoot-connection.ts). */
export type WatchConnection = Troubleshooting['connection'];
/** A command of the device's log (GET /api/app/terminalCommand/log, server/commands), with every state it took. */
export type DeviceCommand = AnswerOf<'/api/app/terminalCommand/log'>['items'][number];
