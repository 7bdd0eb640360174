import { readManifest, entryKey, staticClosure, gzippedJs } from './bench/bundle/measure';
const dir = process.argv[2]!;
const m = readManifest(dir);
const c = staticClosure(m, [entryKey(m), 'src/pages/public/Home.tsx']);
console.log('home total', (gzippedJs(m, dir, c)/1024).toFixed(1), 'chunks', c.size);
for (const k of c) console.log('   ', (gzippedJs(m, dir, [k])/1024).toFixed(1).padStart(7), k);
