/**
 * Names what each phase of a traced reader click spent its CPU on:
 *   npx tsx tools/reader-trace-summary.ts trace.json [--top 12]
 * For the source tab (extract.js from its injection to the extraction's end) and the reader (from the read's arrival
 * to the article in its DOM): the top functions by self time, and the main-thread tasks longer than 2 ms.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cpuSamples, processNames, selfTimes, type TraceEvent } from './lib/trace-summary';
import type { TimelineMark } from '../ext/timeline';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '12' } } });
const trace = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as {
  traceEvents: TraceEvent[];
  metadata: { clickedAt: number; marks: { background: TimelineMark[]; reader: TimelineMark[] } };
};
const events = trace.traceEvents;
const click = events.find((e) => e.name === 'pith-click');
if (!click) throw new Error('no pith-click mark in the trace');
const names = processNames(events);
const { clickedAt, marks } = trace.metadata;
const at = new Map<string, number>();
for (const m of [...marks.background, ...marks.reader]) if (!at.has(m.name)) at.set(m.name, click.ts + (m.at - clickedAt) * 1000);
const ms = (ts: number) => ((ts - click.ts) / 1000).toFixed(1);
console.log('marks (ms after the click):', [...at].sort((a, b) => a[1] - b[1]).map(([n, t]) => `${n} ${ms(t)}`).join(', '));

const inject = events.find((e) => e.name === 'ScriptInjection::InjectJs' && e.ts > click.ts);
const sourcePid = inject?.pid;
const readerPid = events.find((e) => e.ts > click.ts && /\/(chunks\/reader-|assets\/reader-)/.test(String(e.args?.data?.url ?? '')))?.pid;
const samples = cpuSamples(events);
const top = Number(values.top);

function report(title: string, pid: number | undefined, from: number | undefined, to: number | undefined): void {
  if (pid === undefined || from === undefined || to === undefined) return void console.log(`\n${title}: not found in the trace`);
  console.log(`\n${title} (${names.get(pid)} ${pid}, ${ms(from)} → ${ms(to)} ms)`);
  for (const [label, self] of selfTimes(samples, pid, from, to).slice(0, top)) console.log(`  ${self.toFixed(1).padStart(7)} ms  ${label}`);
  const tasks = events.filter((e) => e.pid === pid && e.ph === 'X' && (e.dur ?? 0) > 2000 && e.ts >= from && e.ts < to && !/RunTask|ThreadController|mojo|SimpleWatcher/.test(e.name));
  for (const e of tasks.slice(0, 40)) console.log(`  task ${ms(e.ts)} +${((e.dur ?? 0) / 1000).toFixed(1)} ms ${e.name} ${String(e.args?.data?.url ?? '').replace(/^.*\//, '')}`);
}
report('source tab: injection → extraction end', sourcePid, inject?.ts, at.get('extract:end'));
report('reader: read received → article in the DOM', readerPid, at.get('early-read:sent') ?? at.get('read:received'), at.get('article:rendered'));
report('reader: article in the DOM → text painted', readerPid, at.get('article:rendered'), at.get('article:painted'));
