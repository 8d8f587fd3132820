/**
 * The benchmark's "gce alone against <stages>" section again, from a predictions file (`npm run bench` writes one
 * beside its report as it goes), so a run that is still going or was stopped can be read too:
 *   npx tsx tools/bench-stage-gain.ts bench/results/2026-11-23-gce+perplexity.jsonl
 */
import { basename } from 'node:path';
import type { BenchPage } from '../scripts/lib/bench-page';
import { stageGainSection } from '../scripts/lib/bench-stage-gain';
import { readJsonLines } from '../scripts/lib/jsonl';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: npx tsx tools/bench-stage-gain.ts <predictions.jsonl>\n');
  process.exit(2);
}
const pages: BenchPage[] = [];
for await (const line of readJsonLines(file)) if ('value' in line) pages.push(line.value as BenchPage);
const stages = basename(file).replace(/^\d{4}-\d{2}-\d{2}-/, '').replace(/\.jsonl$/, '');
process.stdout.write(`${stageGainSection(pages, stages) || `${file}: no page kept the structural result beside the full one`}\n`);
