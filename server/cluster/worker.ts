import type { Config } from '../config';
import { createServer, type Server } from '../app';
import { StartPhases } from './start-phases';
import { DEMO_PASSWORD, DEMO_SECOND_TENANT, DEMO_USERS } from '../seed/demo';
import { demoAllowed } from '../seed/demo-guard';
import { readSetupToken } from '../identity/setup-token';
import { isLoopback } from '../config';
import { BACKGROUND_SLOT, SLOT_ENV, type WorkerReady } from './messages';

/**
 * One API worker: the whole server (createServer) listening on the shared ports. Under the
 * supervisor node:cluster hands each worker's listen to the primary, which owns the sockets and
 * deals connections out, so every worker listens on the same PORT and INGEST_PORT.
 */
export async function runWorker(config: Config): Promise<void> {
  const slot = Number(process.env[SLOT_ENV] ?? BACKGROUND_SLOT);
  // Set once started; the signal handlers are in place before (a stop may come while starting).
  const state: { server?: Server; stopping: boolean } = { stopping: false };
  // SIGTERM from the supervisor; SIGINT too, as Ctrl-C reaches every process of the terminal.
  const stop = async (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    // Still starting: stopped below once createServer is done, never in the middle of a migration.
    if (!state.server) return;
    state.server.app.log.info({ signal }, 'shutting down');
    await state.server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const phases = new StartPhases().sinceProcessStart();
  const server = (state.server = await createServer({ ...config, workers: config.workers && slot === BACKGROUND_SLOT }, phases));
  if (state.stopping) {
    await server.close();
    process.exit(0);
  }
  await server.app.listen({ port: config.port, host: config.host });
  const ready: WorkerReady = { type: 'vigil:ready', notes: await notes(config, server) };
  process.send?.(ready);
}

/** What the ready block says about accounts, known only after seeding. */
async function notes(config: Config, server: Server): Promise<string[]> {
  const lines: string[] = [];
  if (isLoopback(config.host)) lines.push(`Listening on ${config.host} only: set HOST=0.0.0.0 to serve other machines (see README, Run it).`);
  if (config.demo) lines.push('DEMO=true: the demo accounts and their published password are open to everyone who reaches this address.');
  if (server.demoDisabled.length) lines.push(`Demo accounts turned off (this address is reachable and DEMO is not set): ${server.demoDisabled.join(', ')}.`);
  if (config.seedDemo && demoAllowed(config)) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    lines.push(`  ${DEMO_USERS.admin.userName.padEnd(10)} host administrator`);
    lines.push(`  ${DEMO_USERS.staff.userName.padEnd(10)} back-office staff of Sunrise Care`);
    lines.push(`  ${DEMO_USERS.caregiver.userName.padEnd(10)} family carer with two watches`);
    lines.push(`  ${DEMO_USERS.fjordStaff.userName.padEnd(10)} back-office staff of ${DEMO_SECOND_TENANT}, a second tenant`);
  }
  if (server.firstAdmin === 'created') lines.push(`Host administrator '${config.firstAdmin.userName}' created from ADMIN_PASSWORD.`);
  if (server.firstAdmin === 'missing') {
    // A one-time link, never a fixed password: it creates the host administrator once.
    const token = await readSetupToken(server.database.db);
    lines.push('No host administrator exists yet. Create one (once) at:');
    lines.push(`  ${config.publicUrl}/setup?token=${token ?? ''}`);
    lines.push('  or restart with ADMIN_PASSWORD=... .');
  }
  return lines;
}
