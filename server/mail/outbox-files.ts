import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the outbox folder's mail files (written without SMTP_URL, server/mail/transport.ts) last
 * changed before `cutoff`: they hold whole mails, so they are kept no longer than sent mail is
 * (RETENTION_SENT_MAIL_DAYS). Returns how many went; a folder that is not there has none.
 */
export async function pruneOutboxFiles(folder: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(folder, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtime >= cutoff) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}
