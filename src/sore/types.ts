/**
 * The small interfaces SORE depends on and produces. The embedder and the phrase index are declared here as the
 * minimum SORE needs, so tests can inject hand-made vectors and a brute-force index; the real ones
 * (src/embedding, src/ann) satisfy these structurally.
 */
import type { Decision, DecisionRecord, Evidence, StageRun } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { LineShape } from './line-shape';

export type EmbedRole = 'query' | 'passage';

/** Structural subset of src/embedding's `Embedder`. Vectors are expected L2-normalised (SORE re-normalises anyway). */
export interface SoreEmbedder {
  id: string;
  /** Languages the model reads (BCP 47); undefined for a multilingual model. */
  languages?: readonly string[];
  embed(texts: string[], role: EmbedRole): Promise<Float32Array[]>;
  /** Queries and passages get the same vector (no role prefixes): the anchor can share the segments' calls. */
  sameForRoles?: boolean;
}

export interface PhraseHit {
  group: string; // outlier group id
  phrase: string;
  similarity: number; // cosine
}

/** Nearest typical phrases to a segment vector, best first. */
export interface PhraseIndex {
  nearest(vector: Float32Array, k: number): PhraseHit[] | Promise<PhraseHit[]>;
}

/** Where a segment's block came from: kept by the structural stage, or removed by it but examined nearby. */
export type SegmentOrigin = 'kept' | 'removed-nearby';

export interface Segment {
  block: number;
  /** UTF-16 offsets into the block's text, [start, end); `text === block.text.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  origin: SegmentOrigin;
  /**
   * The segment is a heading. Headings name a part of the article in a few words, so their embedding is far from
   * any core by nature: only an outlier-group match removes them, never the distance rule.
   */
  heading?: boolean;
  /** Length of the whole block's text (the distance rule only removes short blocks). */
  blockChars?: number;
  /** The block's shape as a line (link share, repeats, capitals); see line-shape.ts. */
  shape?: LineShape;
}

/** Which rule decided a segment. */
export type SegmentRule = 'core' | 'near-core' | 'outlier-group' | 'far-from-core';

/** SORE's verdict on one segment: what the reader needs to dim single sentences inside a kept block. */
export interface SegmentVerdict {
  block: number;
  start: number;
  end: number;
  kept: boolean;
  rule: SegmentRule;
  reason: string;
  evidence: Evidence;
  /** The measured value (similarity or distance) and the threshold it was compared with. */
  score: number;
  threshold: number;
  /** Cosine to the anchor (what core membership and rescue are decided on). */
  anchorSimilarity: number;
  origin: SegmentOrigin;
}

export type AnchorSource = 'metadata' | 'first-heading' | 'leading-text' | 'none';

export interface SoreInput {
  snapshot: PageSnapshot;
  /** The record after the structural stage; not modified by SORE. */
  record: DecisionRecord;
  /** GCE's main container when known; otherwise taken from the record's main-container evidence. */
  mainNode?: number;
}

export interface SoreDeps {
  embedder: SoreEmbedder;
  index: PhraseIndex;
  /** Group labels for reasons ("calls to action"); without them the id is used with dashes as spaces. */
  groups?: readonly { id: string; label: string }[];
  /** Called between embedding batches and after them; throwing stops the pass, which reports 'sore:failed'. */
  checkpoint?: () => void;
}

export interface SoreTimings {
  segment: number;
  embed: number;
  query: number;
  total: number;
}

export interface SoreResult {
  /** Stage 'sore' decisions, to be applied with `decide()` (which keeps the superseded structural decision). */
  decisions: Decision[];
  /**
   * Verdicts of every examined segment, in document order (empty when the structural result was kept). Segments
   * with origin 'removed-nearby' belong to blocks the structural stage removed; they matter only for a block a
   * decision restored. For kept blocks, the `kept: false` verdicts are the sentences to dim.
   */
  segments: SegmentVerdict[];
  run: StageRun;
  timings: SoreTimings;
}
