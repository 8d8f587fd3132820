/**
 * Reading a Chrome trace of one reader click (`tools/reader-trace.ts`): per process, the V8 CPU samples between
 * two marks of the timeline, summed by function (self time), so a phase's cost can be named.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

/** Process names by pid (Browser, Renderer, Extension Renderer, GPU Process, …). */
export function processNames(events: readonly TraceEvent[]): Map<number, string> {
  const names = new Map<number, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name') names.set(e.pid, String(e.args?.name));
  return names;
}

/** CPU samples as (pid, time in trace µs, function label), from the trace's ProfileChunk events. */
export function cpuSamples(events: readonly TraceEvent[]): { pid: number; ts: number; label: string }[] {
  const starts = new Map<string, number>();
  for (const e of events) if (e.name === 'Profile' && e.id) starts.set(`${e.pid}:${e.id}`, Number((e.args?.data as { startTime?: number })?.startTime ?? e.ts));
  const nodes = new Map<string, ProfileNode>();
  const last = new Map<string, number>();
  const out: { pid: number; ts: number; label: string }[] = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const key = `${e.pid}:${e.id}`;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(`${key}:${node.id}`, node);
    let t = last.get(key) ?? starts.get(key) ?? e.ts;
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      const node = nodes.get(`${key}:${samples[i]}`);
      const frame = node?.callFrame;
      const file = frame?.url ? frame.url.replace(/^.*\//, '') : '';
      out.push({ pid: e.pid, ts: t, label: frame ? `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber ?? ''}` : ''}` : '?' });
    }
    last.set(key, t);
  }
  return out;
}

/** Self time per function label in [from, to) (trace µs) for one process, largest first, in ms. */
export function selfTimes(samples: readonly { pid: number; ts: number; label: string }[], pid: number, from: number, to: number): [string, number][] {
  const inRange = samples.filter((s) => s.pid === pid && s.ts >= from && s.ts < to).sort((a, b) => a.ts - b.ts);
  const totals = new Map<string, number>();
  for (let i = 0; i + 1 < inRange.length; i++) totals.set(inRange[i].label, (totals.get(inRange[i].label) ?? 0) + (inRange[i + 1].ts - inRange[i].ts) / 1000);
  return [...totals].sort((a, b) => b[1] - a[1]);
}
