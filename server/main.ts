import cluster from 'node:cluster';
import { loadConfig, paymentsProblem } from './config';
import { buildWebIfNeeded } from './web/build-web';
import { runSupervisor } from './cluster/supervisor';

/**
 * `npm start`. The primary process builds the web app when needed and supervises the API workers
 * (server/cluster/supervisor.ts); node:cluster runs this same file in each worker, which opens and
 * migrates the database and serves everything. Workers load the server; the primary does not.
 */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  if (cluster.isPrimary) {
    const refused = paymentsProblem(config);
    if (refused) {
      console.error(refused);
      process.exit(1);
    }
    if (config.buildWeb) buildWebIfNeeded(config.distDir, (msg) => console.log(msg));
    runSupervisor(config, started);
    return;
  }
  const { runWorker } = await import('./cluster/worker');
  await runWorker(config);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
