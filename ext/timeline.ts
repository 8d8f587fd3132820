/**
 * Timestamps along the reader's critical path (click → article painted), one array per extension context, read by
 * `npm run bench:reader-speed` (scripts/reader-speed.ts). A mark is an array push: cheap enough to leave on.
 * Times are `performance.timeOrigin + performance.now()`, the clock the reader's paint entries use.
 */
export interface TimelineMark {
  name: string;
  /** Milliseconds since the epoch. */
  at: number;
  /** Size of the message (JSON characters) or HTML (characters) the mark is about, when it is about one. */
  bytes?: number;
}

declare global {
  // eslint-disable-next-line no-var
  var __pithTimeline: TimelineMark[] | undefined;
}

/** The background keeps marks for many clicks; only the latest are needed. */
const KEEP = 200;

export function timelineNow(): number {
  return performance.timeOrigin + performance.now();
}

export function mark(name: string, at: number = timelineNow(), bytes?: number): void {
  const list = (globalThis.__pithTimeline ??= []);
  list.push(bytes === undefined ? { name, at } : { name, at, bytes });
  if (list.length > KEEP) list.splice(0, list.length - KEEP);
}

/** Marks taken in another context (the source tab), added to this one's timeline. */
export function addMarks(marks: readonly TimelineMark[] | undefined): void {
  for (const m of marks ?? []) mark(m.name, m.at, m.bytes);
}
