import { makeBlock } from '../../helpers/block';
import { emptyMetadata } from '../../../src/snapshot/metadata';
/** Hand-made snapshots, records, vectors and a keyword embedder for the SORE tests. */
import type { Decision, DecisionRecord } from '../../../src/decisions/types';
import type { Block, BlockKind, PageSnapshot, SnapshotNode } from '../../../src/snapshot/types';
import { normalise } from '../../../src/sore/core';
import { BruteForcePhraseIndex } from '../../../src/sore/phrase-index';
import type { EmbedRole, SoreEmbedder } from '../../../src/sore/types';

export const DIM = 6;
/** Axes of the toy embedding space. */
export const AXIS = { topic: 0, side: 1, cta: 2, social: 3, other: 4, none: 5 } as const;

export function vec(...xs: number[]): Float32Array {
  const v = new Float32Array(DIM);
  xs.forEach((x, i) => (v[i] = x));
  return v;
}

export function axis(i: number, scale = 1): Float32Array {
  const v = new Float32Array(DIM);
  v[i] = scale;
  return v;
}

/** A vector with cosine `c` to axis `a` and the rest on axis `b` (both unit axes). */
export function mix(a: number, c: number, b: number): Float32Array {
  const v = new Float32Array(DIM);
  v[a] = c;
  v[b] = Math.sqrt(1 - c * c);
  return v;
}

const ZERO_RECT = { x: 0, y: 0, width: 100, height: 20 };

export function block(id: number, kind: BlockKind, text: string, extra: Partial<Block> = {}): Block {
  return makeBlock(id, kind, text, { path: `body>div>article>p:${id}`, node: 2, rect: ZERO_RECT, textArea: 1000, depth: 4, ...extra });
}

function node(id: number, parent: number, tag: string, depth: number): SnapshotNode {
  return { id, parent, tag, hint: '', rect: ZERO_RECT, depth, fixed: false, visible: true, childElementCount: 1 };
}

export const metadata = emptyMetadata;

/** Nodes: 0 body, 1 div (main's parent), 2 article (main container), 3 aside under body, 4 aside inside div 1. */
export function snapshot(blocks: Block[], extra: Partial<PageSnapshot> = {}): PageSnapshot {
  return {
    url: 'https://www.example.com/news/volcano',
    lang: 'en',
    dir: 'ltr',
    metadata: metadata(),
    viewport: { width: 1280, height: 800 },
    document: { width: 1280, height: 4000 },
    styled: true,
    nodes: [node(0, -1, 'body', 1), node(1, 0, 'div', 2), node(2, 1, 'article', 3), node(3, 0, 'aside', 2), node(4, 1, 'aside', 3)],
    blocks,
    links: [],
    html: '',
    stats: { elements: 0, textNodes: 0, ms: 0, truncated: false },
    ...extra,
  };
}

export function kept(id: number): Decision {
  return { block: id, kept: true, stage: 'gce', reason: 'Inside the main content', evidence: { kind: 'main-container', container: 2 } };
}

export function removed(id: number, evidence: Decision['evidence'] = { kind: 'outside-main-container', container: 2 }): Decision {
  return { block: id, kept: false, stage: 'gce', reason: 'Outside the main content column', evidence };
}

/** A record where the listed blocks are kept and every other block is removed as outside the main container. */
export function recordKeeping(blocks: Block[], keptIds: number[]): DecisionRecord {
  const decisions: Decision[] = [];
  for (const b of blocks) decisions[b.id] = keptIds.includes(b.id) ? kept(b.id) : removed(b.id);
  return {
    decisions,
    runs: [{ stage: 'gce', path: 'gce:M3best', ms: 1 }],
  };
}

/**
 * Embeds a text as the normalised sum of the vectors of the rules whose substring it contains (case-insensitive);
 * texts matching no rule point along AXIS.none. Records every call.
 */
export class KeywordEmbedder implements SoreEmbedder {
  readonly id = 'test-keywords';
  readonly calls: { texts: string[]; role: EmbedRole }[] = [];

  constructor(private readonly rules: [string, Float32Array][]) {}

  vector(text: string): Float32Array {
    const sum = new Float32Array(DIM);
    let matched = false;
    for (const [key, v] of this.rules) {
      if (!text.toLowerCase().includes(key.toLowerCase())) continue;
      matched = true;
      for (let i = 0; i < DIM; i++) sum[i] += v[i];
    }
    return normalise(matched ? sum : axis(AXIS.none));
  }

  async embed(texts: string[], role: EmbedRole): Promise<Float32Array[]> {
    this.calls.push({ texts, role });
    return texts.map((t) => this.vector(t));
  }
}

export function phraseIndex(): BruteForcePhraseIndex {
  return new BruteForcePhraseIndex([
    { group: 'calls-to-action', phrase: 'Subscribe to our newsletter', vector: axis(AXIS.cta) },
    { group: 'social-media', phrase: 'Share on Facebook', vector: axis(AXIS.social) },
  ]);
}

export const GROUP_LABELS = [
  { id: 'calls-to-action', label: 'calls to action' },
  { id: 'social-media', label: 'social media' },
];
