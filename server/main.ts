import { loadConfig } from './config';
import { createServer } from './app';
import { buildWebIfNeeded } from './web/build-web';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo';

/** `npm start`: build the web app when needed, open and migrate the database, serve everything. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  if (config.buildWeb) buildWebIfNeeded(config.distDir, (msg) => console.log(msg));
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });

  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const lines = [
    '',
    `Vigil is ready at ${config.publicUrl}  (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `Database: ${database}`,
  ];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    lines.push(`  ${DEMO_USERS.admin.userName.padEnd(10)} host administrator`);
    lines.push(`  ${DEMO_USERS.staff.userName.padEnd(10)} back-office staff of Sunrise Care`);
    lines.push(`  ${DEMO_USERS.caregiver.userName.padEnd(10)} family carer with two watches`);
  }
  if (server.firstAdmin === 'created') lines.push(`Host administrator '${config.firstAdmin.userName}' created from ADMIN_PASSWORD.`);
  if (server.firstAdmin === 'missing') lines.push('No host administrator exists yet: restart with ADMIN_PASSWORD=... to create one.');
  console.log(lines.join('\n') + '\n');

  const stop = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
