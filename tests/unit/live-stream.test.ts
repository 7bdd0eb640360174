import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/config/runtime', () => ({ loadRuntimeConfig: async () => ({ apiBase: 'http://h/api' }) }));
let token = 'first';
vi.mock('../../src/providers/authHeaders', () => ({ authorizationHeaders: async () => ({ Authorization: `Bearer ${token}` }) }));

const { followLiveStream } = await import('../../src/components/tracking/liveStream');

/** A stream answer that sends `text` and ends, as the server does when it closes the stream. */
const streamOf = (text: string) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the live alarm stream when its token expires', () => {
  it("reconnects at once with the renewed token after 'expired', and says it is connected again so the list is reloaded", async () => {
    const sent: { at: number; authorization: string | null }[] = [];
    let calls = 0;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push({ at: Date.now(), authorization: new Headers(init.headers).get('Authorization') });
      calls++;
      if (calls === 1) {
        token = 'renewed';
        return streamOf('event: alarm\ndata: {"id":"a1"}\n\nevent: expired\ndata: {}\n\n');
      }
      return new Response(new ReadableStream({ start: () => undefined }), { status: 200 }); // stays open
    });
    const events: string[] = [];
    const states: boolean[] = [];
    const stop = followLiveStream(
      (e) => events.push(e.event),
      (connected) => states.push(connected),
    );
    await vi.waitFor(() => expect(states).toHaveLength(2), { timeout: 500 });
    stop();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.authorization).toBe('Bearer renewed');
    // No pause before the second stream (a dropped stream waits 1 s), and no "disconnected" shown.
    expect(sent[1]!.at - sent[0]!.at).toBeLessThan(300);
    expect(events).toEqual(['alarm']);
    expect(states).toEqual([true, true]);
  });

  it('waits before trying again after a drop, and says it is disconnected', async () => {
    const sent: number[] = [];
    vi.stubGlobal('fetch', async () => {
      sent.push(Date.now());
      return sent.length === 1 ? streamOf(': connected\n\n') : new Promise<Response>(() => undefined);
    });
    const states: boolean[] = [];
    const stop = followLiveStream(
      () => undefined,
      (connected) => states.push(connected),
    );
    await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 2500 });
    stop();
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(900);
    expect(states).toEqual([true, false]);
  });
});
