// `npm run restore -- <file> [--replace]`: brings a backup back into DATA_DIR, or the database at DATABASE_URL.
import { loadConfig } from '../server/config';
import { BackupRefused } from '../server/backup/archive';
import { restoreCommand } from '../server/backup/commands';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <backup file> [--replace]');
  process.exit(2);
}
const config = loadConfig();
try {
  const { manifest, previous } = await restoreCommand(config, file, { replace: args.includes('--replace') });
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir;
  console.log(`Restored the backup of ${manifest.createdAt} into ${where}.${previous ? ` The database that was there is kept in ${previous}.` : ''} Start Vigil to use it.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = err instanceof BackupRefused ? 2 : 1;
}
