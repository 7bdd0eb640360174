import { followLiveStream, type LiveEvent } from './liveStream';

/** One part of the page that follows the live stream; `onState(true)` after every (re)connection, to reload what it shows. */
export interface LiveListener {
  onEvent(e: LiveEvent): void;
  onState(connected: boolean): void;
}

const listeners = new Set<LiveListener>();
let stop: (() => void) | undefined;
let connected = false;

/**
 * The tab's one live stream, shared by the parts that follow it (the alarms card, the watch
 * cards): opened with the first listener, closed with the last, so a page never holds two
 * streams (each is a connection of the browser's few per host, and a stream on the server).
 * A listener joining an open stream is told at once that it is connected.
 */
export function followLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!stop) {
    stop = followLiveStream(
      (e) => {
        for (const l of [...listeners]) l.onEvent(e);
      },
      (isConnected) => {
        connected = isConnected;
        for (const l of [...listeners]) l.onState(isConnected);
      },
    );
  } else if (connected) listener.onState(true);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    stop?.();
    stop = undefined;
    connected = false;
  };
}
