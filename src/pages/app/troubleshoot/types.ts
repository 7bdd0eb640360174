import type { AnswerOf } from '../../../providers/openapi/typedApi';

/** Answers of GET /api/app/troubleshoot/{deviceId} and the device lookup (server/device-stock). */
export type DeviceOption = AnswerOf<'/api/app/productInstance/product-lookup'>['items'][number];
export type Troubleshooting = AnswerOf<'/api/app/troubleshoot/{deviceId}'>;
export type RawMessage = Troubleshooting['messages'][number];
