import { useCallback, useEffect, useRef, useState } from 'react';
import { commandsWaitForReport } from '../../../../common/device-models';
import { callError } from './errors';
import { lastFixTime, readPositionRequest, requestPosition, type PositionRequest } from './locateCalls';

/**
 * What is true of a "Locate now", as it changes. `asking` until the server took the request;
 * `queued` while it waits for the watch, `away` when it still waits after LOCATE_TIMING.awayMs
 * (the watch is not connected), `nextReport` for a watch that gets it only in the answer to its
 * next report; `delivered` once written to the watch or echoed by it; `located` when a position
 * newer than the last one before the press arrived. Ends: located, noAnswer (no new position in
 * LOCATE_TIMING.giveUpMs), notReported (the same for a watch that reports now and then), failed
 * (the request failed or expired), refused (the server's reason, in the user's language) and
 * unreachable (no answer from the server).
 */
export type LocateState =
  | { step: 'idle' | 'asking' | 'queued' | 'away' | 'nextReport' | 'delivered' | 'noAnswer' | 'notReported' | 'failed' | 'unreachable' }
  | { step: 'located'; fixTime: string }
  | { step: 'refused'; message: string };

/** The request's state is read every pollMs; after giveUpMs without a new position the button is free again. */
export const LOCATE_TIMING = { pollMs: 1000, awayMs: 5000, giveUpMs: 60_000 } as const;

const RESTING = new Set<LocateState['step']>(['idle', 'located', 'noAnswer', 'notReported', 'failed', 'refused', 'unreachable']);

const isNewer = (fix: string, since: string | null) => since === null || Date.parse(fix) > Date.parse(since);

/** While the request has not ended: where it is, and how long it has waited. */
function progress(status: PositionRequest['status'], waited: number, waitsForReport: boolean): LocateState {
  if (status === 'sent' || status === 'acknowledged') return { step: 'delivered' };
  if (waitsForReport) return { step: 'nextReport' };
  return { step: waited > LOCATE_TIMING.awayMs ? 'away' : 'queued' };
}

/** A refusal the server explained (a watch that cannot be asked, a device gone), else no answer at all. */
function failureOf(error: unknown): LocateState {
  const failure = callError(error, '');
  if (failure.status === undefined || !failure.message) return { step: 'unreachable' };
  return { step: 'refused', message: failure.fields.deviceId ?? failure.message };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * "Locate now" for one device: asks for its position, then follows the request and the device's
 * last fix each LOCATE_TIMING.pollMs (the live stream carries no positions) until a newer position
 * arrives or giveUpMs passed; stops when the component unmounts. `onPosition` runs when the
 * watch acknowledged the request and when the new position is there, so the screen reads it.
 */
export function useLocate(device: { id: string; model: string | null }, onPosition: () => void) {
  const [state, setState] = useState<LocateState>({ step: 'idle' });
  const running = useRef<AbortController | null>(null);
  const notify = useRef(onPosition);
  useEffect(() => {
    notify.current = onPosition;
  }, [onPosition]);
  useEffect(() => () => running.current?.abort(), []);

  const locate = useCallback(async () => {
    // Set before React re-renders the disabled button: a double tap asks once.
    if (running.current && !running.current.signal.aborted) return;
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    const show = (next: LocateState) => {
      if (!signal.aborted) setState(next);
    };
    const end = (last: LocateState) => {
      show(last);
      if (running.current === controller) running.current = null;
    };
    show({ step: 'asking' });
    const waitsForReport = commandsWaitForReport(device.model);
    // The fix to beat; when it cannot be read, any fix from after the press.
    const since = await lastFixTime(device.id, signal).catch(() => new Date().toISOString());
    if (signal.aborted) return;
    let request: PositionRequest;
    try {
      request = await requestPosition(device.id, signal);
    } catch (error) {
      if (!signal.aborted) end(failureOf(error));
      return;
    }
    const started = Date.now();
    let status = request.status;
    let acknowledged = false;
    let fix: string | null = null;
    for (;;) {
      const waited = Date.now() - started;
      if (fix !== null && isNewer(fix, since)) {
        notify.current();
        return end({ step: 'located', fixTime: fix });
      }
      if (status === 'failed' || status === 'expired') return end({ step: 'failed' });
      if (waited >= LOCATE_TIMING.giveUpMs) return end({ step: waitsForReport ? 'notReported' : 'noAnswer' });
      show(progress(status, waited, waitsForReport));
      await pause(LOCATE_TIMING.pollMs, signal);
      if (signal.aborted) return;
      const [read, latest] = await Promise.allSettled([readPositionRequest(request.id, signal), lastFixTime(device.id, signal)]);
      if (signal.aborted) return;
      // A read that failed (a dropped connection) is tried again at the next poll.
      if (read.status === 'fulfilled') status = read.value.status;
      if (latest.status === 'fulfilled') fix = latest.value;
      if (status === 'acknowledged' && !acknowledged) {
        acknowledged = true;
        notify.current();
      }
    }
  }, [device.id, device.model]);

  return { state, busy: !RESTING.has(state.step), locate };
}
