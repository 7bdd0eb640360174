/**
 * Reads a Prometheus text exposition as a scrape sees it: the sum of the samples of `name` whose
 * labels include `labels` (0 when there is none).
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line.trim());
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) sum += Number(match[3]);
  }
  return sum;
}

/** Whether the exposition has a sample of `name` at all. */
export const hasMetric = (text: string, name: string) => text.split('\n').some((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

/** GET /metrics at `url` with the bearer token (when given): status and text. */
export async function scrape(url: string, token?: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text() };
}
