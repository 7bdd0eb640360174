/** Reads until `ok` holds or `ms` pass; returns the last value read (the caller's expect says what was wrong). */
export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
