import type { AnswerOf } from '../../providers/openapi/typedApi';

/** A command of the device's log (GET /api/app/terminalCommand/log, server/commands), with every state it took. */
export type DeviceCommand = AnswerOf<'/api/app/terminalCommand/log'>['items'][number];

/** A device as the device lookup answers it (product-lookup, server/device-stock). */
export type DeviceOption = AnswerOf<'/api/app/productInstance/product-lookup'>['items'][number];
