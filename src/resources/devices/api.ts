import type { FieldMessage } from '../../components/csv-upload/types';

/** Device stock endpoints (server/device-stock) and their answers, as the devices screens use them. */
export const STOCK_BASE = '/api/app/productInstance';
export const STOP_PATHS = { lost: 'lost', awaitingReturn: 'awaitingreturn', returned: 'wasreturned', customerDevice: 'customerdevice', trashed: 'trash' } as const;
export type StopReason = keyof typeof STOP_PATHS;

export interface StockBatchResult {
  total: number;
  changed: number;
  unchanged: number;
  errors: { id: string; messages: FieldMessage[] }[];
}

export interface ReplacementCandidate {
  id: string;
  name: string;
  imei: string;
  customerName: string | null;
  inCustomerStock: boolean;
}
