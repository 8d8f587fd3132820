/**
 * Per-page-type figures from a benchmark run's per-page results (the .jsonl `npm run bench` writes) and the page
 * types the wcxb datasets give.
 *   npx tsx scripts/page-type-report.ts bench/results/<run>.jsonl [<other run>.jsonl] [--bench-dir DIR]
 * With two runs: before/after side by side.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { readJsonLines } from './lib/jsonl';

interface PageResult {
  dataset: string;
  id: string;
  pith: { score: { precision: number; recall: number; f1: number } };
  readability: { score: { f1: number } };
}

async function pageTypes(benchDir: string, datasets: Set<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const dataset of datasets) {
    for await (const line of readJsonLines(resolve(benchDir, `${dataset}.jsonl.gz`))) {
      if (!('value' in line)) continue;
      const record = line.value as { id: string; page_type?: string };
      if (record.page_type) out.set(`${dataset}/${record.id}`, record.page_type);
    }
  }
  return out;
}

async function results(path: string): Promise<PageResult[]> {
  const out: PageResult[] = [];
  for await (const line of readJsonLines(path)) if ('value' in line) out.push(line.value as PageResult);
  return out;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'bench-dir': { type: 'string', default: resolve(PROJECT_ROOT, '../shared/bench') } },
  });
  if (positionals.length === 0) throw new Error('give one or two per-page .jsonl files of `npm run bench`');
  const runs = await Promise.all(positionals.map(results));
  const types = await pageTypes(values['bench-dir']!, new Set(runs.flat().map((p) => p.dataset)));
  const byType = new Map<string, PageResult[][]>();
  runs.forEach((run, r) => {
    for (const page of run) {
      const type = types.get(`${page.dataset}/${page.id}`);
      if (!type) continue;
      for (const key of [type, 'all']) {
        const rows = byType.get(key) ?? runs.map(() => []);
        rows[r].push(page);
        byType.set(key, rows);
      }
    }
  });
  const head = runs.length === 2 ? '| type | pages | Pith F1 before | Pith F1 after | P / R after | Readability F1 |' : '| type | pages | Pith P | Pith R | Pith F1 | Readability F1 |';
  const lines = [head, head.replace(/[^|]+/g, '---')];
  for (const [type, rows] of [...byType].sort((a, b) => (a[0] === 'all' ? 1 : b[0] === 'all' ? -1 : a[0].localeCompare(b[0])))) {
    const last = rows[rows.length - 1];
    const f1 = (pages: PageResult[]) => mean(pages.map((p) => p.pith.score.f1));
    const pr = `${f3(mean(last.map((p) => p.pith.score.precision)))} / ${f3(mean(last.map((p) => p.pith.score.recall)))}`;
    const readability = f3(mean(last.map((p) => p.readability.score.f1)));
    lines.push(
      runs.length === 2
        ? `| ${type} | ${last.length} | ${f3(f1(rows[0]))} | ${f3(f1(last))} | ${pr} | ${readability} |`
        : `| ${type} | ${last.length} | ${pr.replace(' / ', ' | ')} | ${f3(f1(last))} | ${readability} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`page-type-report: ${(error as Error).message}\n`);
  process.exit(1);
});
