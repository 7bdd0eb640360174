import { loadLatestPositions } from '../../../components/tracking/trackingApi';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';

/** "Locate now": a position request (server/commands) and the device's last fix it waits to see replaced. */
export type PositionRequest = AnswerOf<'/api/app/productInstance/requestPosition', 'post'>;

/** Queued for the watch; a watch that cannot be asked is a 400 with the reason in the caller's language. */
export async function requestPosition(deviceId: string, signal: AbortSignal): Promise<PositionRequest> {
  return api('post', '/api/app/productInstance/requestPosition', { body: { deviceId }, signal, tenant: false });
}

/** The request as it is now (queued, sent, acknowledged, failed or expired). */
export async function readPositionRequest(id: string, signal: AbortSignal): Promise<PositionRequest> {
  return api('get', '/api/app/productInstance/requestPosition/{id}', { params: { id }, signal, tenant: false });
}

/** The time of the device's last position, null when it never sent one. */
export async function lastFixTime(deviceId: string, signal: AbortSignal): Promise<string | null> {
  const [latest] = await loadLatestPositions([deviceId], signal);
  return latest?.fixTime ?? null;
}
