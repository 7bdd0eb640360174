import { afterAll, beforeAll, vi, type MockInstance } from 'vitest';

/**
 * Everything the test file's servers log, to show what is (and is not) in it: pino writes through
 * process.stdout.write once it is replaced (tests/api/issuer-mismatch.test.ts), so this replaces
 * it before the file's servers start and restores it after. Call at the top of the file.
 */
export function captureServerLog(): { text(): string } {
  let stdout: MockInstance<typeof process.stdout.write>;
  const logged: string[] = [];
  beforeAll(() => {
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
  });
  afterAll(() => stdout.mockRestore());
  return { text: () => logged.join('') };
}
