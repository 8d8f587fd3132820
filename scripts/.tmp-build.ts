import { buildSetTable } from './lib/block-dataset';
const sets = process.argv.slice(2);
for (const s of sets) { const t0 = Date.now(); await buildSetTable(s, (l) => console.error(l)); console.error(s, (Date.now() - t0) / 1000, 's'); }
