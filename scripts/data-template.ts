// `npm run build`'s last step (scripts/build.mjs): the embedded database's template in build/, a
// new cluster with every migration run, which a new data folder starts from instead of making and
// migrating its own (server/db/data-template.ts).
import path from 'node:path';
import { PROJECT_ROOT } from '../server/config';
import { makeDataTemplate } from '../server/db/database';

const started = performance.now();
const manifest = await makeDataTemplate(path.join(PROJECT_ROOT, 'build'));
console.log(`Database template made in build/ (${manifest.migrations.length} migrations, ${((performance.now() - started) / 1000).toFixed(1)} s).`);
