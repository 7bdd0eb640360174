/** Reads a server-sent event stream with fetch and a bearer token, as the web app does. */
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamReader {
  events: StreamEvent[];
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}`);
  const events: StreamEvent[] = [];
  const waiters: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    const reader = res.body!.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length === 0) continue;
          const e = { event, data: data.join('\n') };
          events.push(e);
          for (const w of [...waiters]) {
            if (!w.match(e)) continue;
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    events,
    ended,
    next(match, timeoutMs = 10_000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms (got ${events.length})`)), timeoutMs);
        waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => controller.abort(),
  };
}
