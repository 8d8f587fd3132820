/**
 * A data table in the middle of the article is part of it, though the structural extractor can drop it: before it
 * scores anything, Readability removes every element whose class or id holds one of its "unlikely candidate" words
 * (header, sidebar, comment, …), and a Wikipedia list's table is class "sticky-header" (a "List of …" page's table is
 * its content). A data table (the snapshot keeps only those whole) is kept when kept text blocks of the same element
 * come both before and after it: it sits inside the article's own run of paragraphs, not around it.
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart } from './article-part';

export function tableInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const tables = snapshot.blocks.filter((b) => b.kind === 'table' && b.visible && b.text && droppedByExtractor(record, b));
  if (tables.length === 0) return [];
  const parentOf = (node: number) => snapshot.nodes[node]?.parent ?? -1;
  // Per element, the first and last kept paragraph directly inside it.
  const span = new Map<number, [number, number]>();
  for (const b of snapshot.blocks) {
    if (b.kind !== 'text' || b.anonymous || !isKept(record, b.id)) continue;
    const parent = parentOf(b.node);
    const seen = span.get(parent);
    span.set(parent, seen ? [seen[0], b.id] : [b.id, b.id]);
  }
  const out: Decision[] = [];
  for (const table of tables) {
    const around = span.get(parentOf(table.node));
    if (!around || around[0] > table.id || around[1] < table.id) continue;
    out.push(keptArticlePart(table.id, 'A data table between kept paragraphs of the article'));
  }
  return out;
}
