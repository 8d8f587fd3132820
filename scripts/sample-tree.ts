/**
 * Samples a running process tree (a `pith` run and its Chromium) every few seconds until it ends: resident memory
 * of the root and of the whole tree, CPU seconds, load average, and how many lines its output file holds.
 *   node --import tsx scripts/sample-tree.ts --pid PID [--every 5] [--lines out.jsonl] > samples.tsv
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePositiveInt } from './lib/cli-options';
import { loadAverage, treeCpuSeconds, treeRssBytes } from './lib/process-tree';

const MB = 1024 * 1024;

function lineCount(path: string | undefined): number | '' {
  if (!path || !existsSync(path)) return '';
  const bytes = readFileSync(path);
  let lines = 0;
  for (const byte of bytes) if (byte === 10) lines += 1;
  return lines;
}

const { values } = parseArgs({ options: { pid: { type: 'string' }, every: { type: 'string', default: '5' }, lines: { type: 'string' } } });
if (!values.pid) throw new Error('--pid PID is required');
const pid = parsePositiveInt('--pid', values.pid);
const everyMs = parsePositiveInt('--every', values.every) * 1000;
const started = Date.now();
process.stdout.write('seconds\tlines\ttree_rss_mb\troot_rss_mb\tprocesses\tcpu_s\tload1\n');
while (existsSync(`/proc/${pid}`)) {
  const rss = treeRssBytes(pid);
  const cells = [Math.round((Date.now() - started) / 1000), lineCount(values.lines), Math.round(rss.tree / MB), Math.round(rss.root / MB), rss.processes, treeCpuSeconds(pid).toFixed(1), loadAverage()];
  process.stdout.write(`${cells.join('\t')}\n`);
  await new Promise((done) => setTimeout(done, everyMs));
}
