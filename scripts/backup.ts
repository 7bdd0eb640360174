// `npm run backup [-- <file>]`: a consistent backup of Vigil's database, also while Vigil runs.
import { loadConfig } from '../server/config';
import { backupCommand } from '../server/backup/commands';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
try {
  const { file: written, manifest, via } = await backupCommand(loadConfig(), file);
  const mb = (manifest.payloadBytes / 1024 / 1024).toFixed(1);
  console.log(`Backup written to ${written} (${mb} MB, ${manifest.kind}, schema ${manifest.migrations.at(-1) ?? 'empty'}, through the ${via}).`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
