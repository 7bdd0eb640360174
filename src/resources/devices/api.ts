import type { AnswerOf } from '../../providers/openapi/typedApi';

/** Device stock answers (server/device-stock), as the devices screens use them. */
export const STOP_PATHS = { lost: 'lost', awaitingReturn: 'awaitingreturn', returned: 'wasreturned', customerDevice: 'customerdevice', trashed: 'trash' } as const;
export type StopReason = keyof typeof STOP_PATHS;

/** The answer of a batch action on devices (stop reasons, back in service). */
export type StockBatchResult = AnswerOf<'/api/app/productInstance/paused/found', 'post'>;

export type ReplacementCandidate = AnswerOf<'/api/app/productInstance/availableForExchange'>['items'][number];
