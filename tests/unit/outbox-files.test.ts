import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pruneOutboxFiles } from '../../server/mail/outbox-files';

describe('the outbox folder under the sent-mail retention', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('removes mail files older than the cutoff and keeps newer ones and other files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-outbox-'));
    dirs.push(dir);
    const day = 86_400_000;
    const now = Date.now();
    const write = async (name: string, ageDays: number) => {
      const file = path.join(dir, name);
      await fs.writeFile(file, 'To: a@example.org\n\nHello');
      const t = new Date(now - ageDays * day);
      await fs.utimes(file, t, t);
    };
    await write('old.eml', 91);
    await write('new.eml', 89);
    await write('notes.txt', 200);
    expect(await pruneOutboxFiles(dir, new Date(now - 90 * day))).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual(['new.eml', 'notes.txt']);
    expect(await pruneOutboxFiles(path.join(dir, 'missing'), new Date(now))).toBe(0);
  });
});
