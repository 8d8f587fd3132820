/** Runs declared stages (`stages.ts`) in order: the one place that times, logs and records a stage. */
import { emptyRecord, logRun } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { ExtractOptions } from './page-api';
import { STAGES, type Stage, type StageContext, type StageId, type StageLogEntry } from './stages';
import type { Extraction } from './types';

/** Stages whose switch is read by the stages themselves (through the layout policy) rather than by the runner. */
const SWITCHED_BY_POLICY: ReadonlySet<string> = new Set<StageId>(['gce', 'readability', 'article']);

export function stageById(id: StageId): Stage {
  return STAGES.find((s) => s.id === id)!;
}

/** The run-log path of an entry: `<stage id>` or `<stage id>:<detail>`. */
export function runPath(id: StageId, detail?: string): string {
  return detail ? `${id}:${detail}` : id;
}

function logEntry(record: DecisionRecord, stage: Stage, entry: StageLogEntry, ms: number): void {
  const of = entry.of ? stageById(entry.of) : stage;
  const run = { stage: of.decidesAs, path: runPath(of.id as StageId, entry.detail), ms: entry.ms ?? ms };
  logRun(record, entry.note === undefined ? run : { ...run, note: entry.note });
}

export function newContext(snapshot: PageSnapshot, options: ExtractOptions, page?: () => Document, record = emptyRecord()): StageContext {
  return { snapshot, record, options, page, timings: {}, gceDecisions: [], readability: null, rejection: null, mainNode: -1, mode: '' };
}

export function runStages(ctx: StageContext, stages: readonly Stage[]): StageContext {
  for (const stage of stages) {
    if (ctx.options.stages?.[stage.id as StageId] === false && !SWITCHED_BY_POLICY.has(stage.id)) continue;
    const started = performance.now();
    const entries = stage.run(ctx);
    const ms = performance.now() - started;
    ctx.timings[stage.id] = ms;
    for (const entry of entries) logEntry(ctx.record, stage, entry, ms);
  }
  return ctx;
}

/** The stages before `id` (`until`) or from `id` on (`from`). */
export function stagesUntil(id: StageId): readonly Stage[] {
  return STAGES.slice(0, STAGES.findIndex((s) => s.id === id));
}

export function stagesFrom(id: StageId): readonly Stage[] {
  return STAGES.slice(STAGES.findIndex((s) => s.id === id));
}

export function extractionOf(ctx: StageContext, timings: Record<string, number>): Extraction {
  const all = { ...timings, ...ctx.timings };
  delete all.total;
  all.total = Object.values(all).reduce((a, b) => a + b, 0);
  const extraction: Extraction = { snapshot: ctx.snapshot, record: ctx.record, mainNode: ctx.mainNode, mode: ctx.mode, timings: all };
  if (ctx.pageType) extraction.pageType = ctx.pageType;
  return extraction;
}
