/**
 * Samples a running process tree (a `pith` run and its Chromium) every few seconds until it ends: resident memory
 * of the root and of the whole tree, CPU seconds, load average, and how many lines its output file holds. With
 * --summary, reads such samples back: peak memory, the median in the first and the last stretch of pages, CPU
 * seconds per page.
 *   node --import tsx tools/sample-tree.ts --pid PID [--every 5] [--lines out.jsonl] > samples.tsv
 *   node --import tsx tools/sample-tree.ts --summary samples.tsv [--stretch 1000]
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePositiveInt } from '../scripts/lib/cli-options';
import { loadAverage, treeCpuSeconds, treeRssBytes } from '../scripts/lib/process-tree';

const MB = 1024 * 1024;
const COLUMNS = ['seconds', 'lines', 'tree_rss_mb', 'root_rss_mb', 'processes', 'cpu_s', 'load1'] as const;
type Sample = Record<(typeof COLUMNS)[number], number>;

function lineCount(path: string | undefined): number | '' {
  if (!path || !existsSync(path)) return '';
  let lines = 0;
  for (const byte of readFileSync(path)) if (byte === 10) lines += 1;
  return lines;
}

async function sample(pid: number, everyMs: number, linesFile: string | undefined): Promise<void> {
  const started = Date.now();
  process.stdout.write(`${COLUMNS.join('\t')}\n`);
  while (existsSync(`/proc/${pid}`)) {
    const rss = treeRssBytes(pid);
    const cells = [Math.round((Date.now() - started) / 1000), lineCount(linesFile), Math.round(rss.tree / MB), Math.round(rss.root / MB), rss.processes, treeCpuSeconds(pid).toFixed(1), loadAverage()];
    process.stdout.write(`${cells.join('\t')}\n`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
}

function summarize(path: string, stretch: number): string {
  const samples: Sample[] = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => Object.fromEntries(row.split('\t').map((cell, i) => [COLUMNS[i], Number(cell)])) as Sample)
    .filter((s) => Number.isFinite(s.lines) && s.lines > 0);
  const last = samples.at(-1);
  if (!last) return 'no samples with output lines';
  const pages = last.lines;
  const width = Math.min(stretch, Math.floor(pages / 2));
  const first = samples.filter((s) => s.lines <= width);
  const final = samples.filter((s) => s.lines > pages - width);
  const rss = (of: Sample[], key: 'tree_rss_mb' | 'root_rss_mb'): string => `${median(of.map((s) => s[key]))}`;
  const steady = samples.find((s) => s.lines >= Math.min(20, pages)) ?? samples[0];
  // A stopped run's last samples miss the CPU of the Chromium processes already gone: count up to the highest reading.
  const cpuEnd = samples.reduce((best, s) => (s.cpu_s >= best.cpu_s ? s : best));
  const cpuPerPage = (cpuEnd.cpu_s - steady.cpu_s) / Math.max(1, cpuEnd.lines - steady.lines);
  return [
    `pages written: ${pages} in ${last.seconds} s (${samples.length} samples)`,
    `peak RSS, process tree: ${Math.max(...samples.map((s) => s.tree_rss_mb))} MB; pith process alone: ${Math.max(...samples.map((s) => s.root_rss_mb))} MB`,
    `median RSS, pages 1–${width}: tree ${rss(first, 'tree_rss_mb')} MB, pith ${rss(first, 'root_rss_mb')} MB`,
    `median RSS, pages ${pages - width + 1}–${pages}: tree ${rss(final, 'tree_rss_mb')} MB, pith ${rss(final, 'root_rss_mb')} MB`,
    `CPU seconds per page, pages ${steady.lines}–${cpuEnd.lines}: ${cpuPerPage.toFixed(2)} (${((cpuPerPage * 1e6) / 3600).toFixed(0)} core-hours per million pages)`,
    `load average: median ${median(samples.map((s) => s.load1))}, range ${Math.min(...samples.map((s) => s.load1))}–${Math.max(...samples.map((s) => s.load1))}`,
  ].join('\n');
}

const { values } = parseArgs({
  options: { pid: { type: 'string' }, every: { type: 'string', default: '5' }, lines: { type: 'string' }, summary: { type: 'string' }, stretch: { type: 'string', default: '1000' } },
});
if (values.summary) process.stdout.write(`${summarize(values.summary, parsePositiveInt('--stretch', values.stretch))}\n`);
else if (values.pid) await sample(parsePositiveInt('--pid', values.pid), parsePositiveInt('--every', values.every) * 1000, values.lines);
else throw new Error('--pid PID (to sample) or --summary FILE (to read samples back) is required');
