// `npm run outbox`: the mails the product "sent" on a machine without SMTP_URL, newest last.
// `npm run outbox -- --last` prints the newest one in full (e.g. to open a registration link).
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { outboxFolder } from '../server/mail/transport';

const folder = outboxFolder(loadConfig());
const files = folder && fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.eml')).sort() : [];
if (files.length === 0) {
  console.log(`No mail in ${folder ?? 'the outbox'} yet.`);
} else if (process.argv.includes('--last')) {
  console.log(fs.readFileSync(path.join(folder!, files[files.length - 1]!), 'utf8'));
} else {
  for (const file of files) {
    const text = fs.readFileSync(path.join(folder!, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(text)?.[1] ?? '';
    console.log(`${file}\n  To: ${header('To')}\n  Subject: ${header('Subject')}`);
  }
  console.log(`\n${files.length} mail(s) in ${folder}. Print the newest: npm run outbox -- --last`);
}
