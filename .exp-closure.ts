import { readManifest, entryKey, staticClosure, gzippedJs } from './bench/bundle/measure';
const dir = process.argv[2]!;
const m = readManifest(dir);
const e = entryKey(m);
const c = staticClosure(m, [e, 'src/pages/public/Home.tsx']);
console.log('home total', (gzippedJs(m, dir, c)/1024).toFixed(1));
console.log([...c].map((k) => dir + '/' + m[k]!.file + '.map').join(' '));
