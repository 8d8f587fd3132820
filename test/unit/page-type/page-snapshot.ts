import { readFileSync } from 'node:fs';
import { decide, emptyRecord } from '../../../src/decisions/record';
import type { DecisionRecord } from '../../../src/decisions/types';
import { readabilityDecision } from '../../../src/fallback/readability';
import type { Block, PageSnapshot } from '../../../src/snapshot/types';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

/** The snapshot of a whole HTML page written into the test document, every block visible (happy-dom lays nothing out). */
export function pageSnapshot(html: string): PageSnapshot {
  document.open();
  document.write(html);
  document.close();
  const { snapshot } = takeSnapshot(document);
  for (const block of snapshot.blocks) block.visible = true;
  return snapshot;
}

/** A record as Readability left the page: each block kept when `kept` says so, dropped otherwise. */
export function readabilityRecord(snapshot: PageSnapshot, kept: (block: Block) => boolean): DecisionRecord {
  const record = emptyRecord();
  for (const block of snapshot.blocks) decide(record, readabilityDecision(block.id, kept(block)));
  return record;
}

/** The snapshot of a fixture page of test/fixtures/pages/comments/, read at the address such a page has. */
export function commentsPage(name: string, url: string): PageSnapshot {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  return pageSnapshot(readFileSync(`test/fixtures/pages/comments/${name}.html`, 'utf8'));
}

/** Whether every part is in `kept`, each after the one before. */
export function inOrder(kept: string, parts: string[]): boolean {
  const at = parts.map((words) => kept.indexOf(words));
  return at.every((i) => i >= 0) && at.every((i, n) => n === 0 || i > at[n - 1]!);
}
