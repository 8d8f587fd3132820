/**
 * Compares reader-speed runs of two builds page by page (see tools/lib/reader-speed-pairs.ts):
 *   npx tsx tools/reader-speed-pairs.ts --a before-1.json,before-2.json --b after-1.json,after-2.json
 * The `--raw` files of `npm run bench:reader-speed`, best from runs of A and B taken alternately.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pairedTable } from './lib/reader-speed-pairs';
import type { PagePhases } from '../scripts/lib/reader-speed-report';

const { values } = parseArgs({ options: { a: { type: 'string' }, b: { type: 'string' }, labels: { type: 'string', default: 'before,after' } } });
if (!values.a || !values.b) {
  console.error('Usage: npx tsx tools/reader-speed-pairs.ts --a A1.json[,A2.json…] --b B1.json[,B2.json…] [--labels before,after]');
  process.exit(2);
}
const read = (files: string): PagePhases[] => files.split(',').flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as PagePhases[]);
const [la, lb] = values.labels!.split(',');
console.log(pairedTable(read(values.a), read(values.b), { a: la ?? 'A', b: lb ?? 'B' }));
