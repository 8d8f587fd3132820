/**
 * A page the user labelled, as one line of the benchmark's format (../shared/bench/README.md), so that
 * `npm run bench -- --data my-pages.jsonl` scores Pith on it: the page's HTML, the text of the blocks the user
 * keeps as `truth_text`, and every block with its label.
 */
import { isKept } from '../decisions/record';
import type { Extraction } from '../pipeline/types';
import { textFingerprint } from './signature';

export interface LabelledBlock {
  id: number;
  path: string;
  text: string;
  label: 'content' | 'boilerplate';
}

export interface LabelledPage {
  id: string;
  url: string;
  lang: string;
  html: string;
  truth_text: string;
  page_type: string;
  blocks: LabelledBlock[];
}

/**
 * `labels` are the user's verdicts (block id → kept) over the extraction's own; `html` is the page as it is now
 * (without Pith's overlay).
 */
export function labelledPage(extraction: Extraction, html: string, labels: ReadonlyMap<number, boolean> = new Map()): LabelledPage {
  const { snapshot, record } = extraction;
  const blocks: LabelledBlock[] = snapshot.blocks.map((b) => ({
    id: b.id,
    path: b.path,
    text: b.text,
    label: (labels.get(b.id) ?? isKept(record, b.id)) ? 'content' : 'boilerplate',
  }));
  let host = 'page';
  try {
    host = new URL(snapshot.url).hostname || host;
  } catch {
    // keep the default
  }
  return {
    id: `${host}-${textFingerprint(snapshot.url).slice(0, 8)}`,
    url: snapshot.url,
    lang: snapshot.lang.split('-')[0]?.toLowerCase() || 'und',
    html,
    truth_text: blocks
      .filter((b) => b.label === 'content' && b.text.length > 0)
      .map((b) => b.text)
      .join('\n\n'),
    page_type: extraction.pageType?.type ?? 'article',
    blocks,
  };
}

/** Why a parsed line is not a labelled page, or null when it is one. */
export function labelledPageProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'not a JSON object';
  const v = value as Record<string, unknown>;
  for (const field of ['id', 'url', 'lang', 'html', 'truth_text', 'page_type'] as const) {
    if (typeof v[field] !== 'string') return `"${field}" is not a string`;
  }
  if (!Array.isArray(v.blocks)) return '"blocks" is not a list';
  for (const [i, b] of (v.blocks as unknown[]).entries()) {
    const block = b as Record<string, unknown> | null;
    if (!block || typeof block.id !== 'number' || typeof block.path !== 'string' || typeof block.text !== 'string' || (block.label !== 'content' && block.label !== 'boilerplate')) {
      return `block ${i} needs "id", "path", "text" and "label" (content or boilerplate)`;
    }
  }
  return null;
}
