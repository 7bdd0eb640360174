import { apiUrl } from '../../providers/apiFetch';
import { authorizationHeaders } from '../../providers/authHeaders';
import { leaveEndedSession } from '../../providers/httpClient';
import { loadRuntimeConfig } from '../../config/runtime';
import type { AlarmMessage } from '../../../common/alarm-message';
import type { DeviceStateEvent } from '../../../common/devices';
import { api } from '../../providers/openapi/typedApi';

export type { AlarmMessage };

/**
 * `device`: one of the user's watches changed (online, battery, last contact). `resync`: the
 * server may have missed some (its database listener was away); reload what is shown.
 */
export type LiveEvent =
  | { event: 'alarm'; data: AlarmMessage }
  | { event: 'ack'; data: { id: string } }
  | { event: 'device'; data: DeviceStateEvent }
  | { event: 'resync'; data: Record<string, never> };
const LIVE_EVENTS = new Set<string>(['alarm', 'ack', 'device', 'resync'] satisfies LiveEvent['event'][]);

export const LIVE_PATH = '/api/app/tracking/live';

/** Splits a server-sent events text into complete events; returns them and the unfinished rest. */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Follows the user's live stream (alarms and the watches' states). EventSource cannot send an Authorization header, so the
 * stream is read with fetch and the bearer token (never put in a URL, where logs would keep it).
 * Reconnects with a growing pause after a drop, and at once when the server ended the stream
 * because its token expired (the next token is the renewed one); `onState` says whether it is
 * connected, and the caller reloads what it missed when it is again.
 */
export function followLiveStream(onEvent: (e: LiveEvent) => void, onState: (connected: boolean) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let pause = 1000;
  let renewed = false;
  const run = async () => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const url = apiUrl((await loadRuntimeConfig()).apiBase, LIVE_PATH);
        const res = await fetch(url, { headers: { Accept: 'text/event-stream', ...(await authorizationHeaders('GET', url)) }, signal: controller.signal });
        if (res.status === 401) {
          // The sign-in has ended (the stream's 'ended'): the page leaves as any refused call does, told why.
          const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
          leaveEndedSession(answer?.error?.code);
          return;
        }
        if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
        onState(true);
        pause = 1000;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (LIVE_EVENTS.has(e.event)) onEvent({ event: e.event, data: JSON.parse(e.data) } as LiveEvent);
            // The server closes a stream when its token expires: open the next one at once.
            else if (e.event === 'expired') renewed = true;
          }
        }
      } catch {
        // dropped, refused or stopped: try again below unless stopped
      }
      if (stopped) return;
      if (renewed) {
        // Reconnecting says "connected" again, and the caller reloads what came meanwhile.
        renewed = false;
        continue;
      }
      onState(false);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 30_000);
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}

/** The open alarms' query: read again whenever the watches the user hears may have changed (one removed, one given away). */
export const OPEN_ALARMS_KEY = ['tracking', 'alarms', 'open'];

export async function loadOpenAlarms(): Promise<AlarmMessage[]> {
  return (await api('get', '/api/app/tracking/alarms', { query: { unacknowledged: 'true', MaxResultCount: 50 }, tenant: false })).items;
}

export async function acknowledgeAlarm(id: string): Promise<void> {
  await api('post', '/api/app/tracking/alarms/{id}/acknowledge', { params: { id }, tenant: false });
}
