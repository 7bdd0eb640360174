// `npm run admin -- <command>`: the operator's tasks on Vigil's database (`--help` lists them).
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type Config } from '../server/config';
import { controlAnswers, controlSocketPath } from '../server/backup/control-socket';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { OperatorRefusal, resetPasswordByOperator } from '../server/identity/operator-password';
import { readPassword } from './admin-password-input';

const HELP = `Usage: npm run admin -- <command> [options]

Commands:
  reset-password <user>     Set a new password for <user> (user name, e-mail address or user id),
                            end every session of that user and write a security log entry.
                            Prints a new random password once, unless --password-stdin is given.

Options:
  --password-stdin          Read the new password from standard input instead: typed at a prompt
                            (twice, not shown) in a terminal, or the first line of what is piped in.
                            The tenant's password rules and history apply.
  -h, --help                Show this help.

It works on the database Vigil uses: the PostgreSQL database at DATABASE_URL when set (Vigil may
keep running), else the embedded database in DATA_DIR (stop Vigil first: only one process can open
it). Examples:
  npm run admin -- reset-password admin
  DATABASE_URL=postgres://vigil@db/vigil npm run admin -- reset-password anna@example.org --password-stdin
`;

/** Exit codes: 2 for a refusal the operator can act on (usage, no such user, Vigil running), 1 for a failure. */
class Refused extends Error {}

const log = { warn: (_o: object, m: string) => console.error(m), info: (_o: object, m: string) => console.error(m) };

/** The database Vigil uses; the embedded one only when it exists and no Vigil holds it. */
async function open(config: Config): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    const exists = await fs.stat(path.join(config.dataDir, 'PG_VERSION')).then(() => true, () => false);
    if (!exists) throw new Refused(`There is no database in ${config.dataDir} (DATA_DIR). Set DATA_DIR, or DATABASE_URL for PostgreSQL.`);
    if (await controlAnswers(controlSocketPath(config.dataDir))) throw new Refused(`Vigil is running on ${config.dataDir}: stop it first (only one process can open the embedded database), then run this again.`);
  }
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, log);
}

async function resetPassword(login: string | undefined, fromStdin: boolean): Promise<void> {
  if (!login) throw new Refused('Name the user: npm run admin -- reset-password <user name, e-mail or id>');
  const chosen = fromStdin ? await readPassword() : undefined;
  const database = await open(loadConfig());
  try {
    const done = await resetPasswordByOperator(database.db, login, chosen);
    const who = `"${done.userName}" (${done.tenantId ? `tenant ${done.tenantId}` : 'host'})`;
    if (done.generated) console.log(`The new password of ${who}, shown only this once:\n\n  ${done.generated}\n`);
    else console.log(`The password of ${who} is set.`);
    console.log('Every session of the user has ended; the reset is in the security log.');
    if (done.notes.includes('inactive')) console.log('Note: the account is not active, so it cannot sign in until an administrator activates it.');
    if (done.notes.includes('locked')) console.log('Note: an administrator has locked the account; it cannot sign in until the lock ends or is lifted.');
  } finally {
    await database.close();
  }
}

const args = process.argv.slice(2);
const [command, ...rest] = args.filter((a) => !a.startsWith('-'));
try {
  if (args.includes('--help') || args.includes('-h') || !command) {
    console.log(HELP);
    if (!command && !args.includes('--help') && !args.includes('-h')) process.exitCode = 2;
  } else if (command === 'reset-password') {
    const unknown = args.filter((a) => a.startsWith('-') && a !== '--password-stdin');
    if (unknown.length || rest.length > 1) throw new Refused(`Unexpected ${[...unknown, ...rest.slice(1)].join(' ')}. See npm run admin -- --help`);
    await resetPassword(rest[0], args.includes('--password-stdin'));
  } else {
    throw new Refused(`Unknown command "${command}". See npm run admin -- --help`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = err instanceof Refused || err instanceof OperatorRefusal ? 2 : 1;
}
