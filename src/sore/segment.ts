/**
 * Segmentation: which blocks SORE looks at, and how their text is cut into sentence-sized segments.
 *
 * Examined blocks: every kept text-like block, plus blocks the structural stage removed "near the main content",
 * defined as removed for a structural reason (outside the main container, link-dense, or the structural
 * extractor's verdict; never hidden, empty or fixed overlays) and visible, and either
 *   - within `neighbourWindow` blocks (document order) of a kept block, or
 *   - inside the parent of the main container (unless that parent is <body>, which would take in the whole page).
 * Those removed blocks are only examined: they are restored only when `rescue` is on (see decide.ts).
 */
import { isInside } from '../boilerplate/ancestry';
import type { DecisionRecord, Evidence } from '../decisions/types';
import type { Block, BlockKind, PageSnapshot } from '../snapshot/types';
import { lineShapes } from './line-shape';
import type { SoreParams } from './params';
import type { Segment, SegmentOrigin } from './types';

/** Block kinds SORE segments. Images, figures, tables, code, math and media are never segmented or removed. */
export const TEXT_KINDS: ReadonlySet<BlockKind> = new Set<BlockKind>(['text', 'heading', 'list-item', 'quote']);
/** Block kinds that are always one segment. */
const WHOLE_BLOCK_KINDS: ReadonlySet<BlockKind> = new Set<BlockKind>(['heading', 'list-item']);
/** Structural removals SORE may look at again. */
const EXAMINED_REMOVALS: ReadonlySet<Evidence['kind']> = new Set<Evidence['kind']>([
  'outside-main-container',
  'link-dense',
  'structural-extractor',
]);

const WIDE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SOFT_BREAK = /[\s,;:،؛、，；：]/u;

export interface CandidateBlock {
  block: Block;
  origin: SegmentOrigin;
}

/** The main container: the one given, else the one named in the record's evidence, else -1. */
export function mainContainer(record: DecisionRecord, given?: number): number {
  if (given !== undefined && given >= 0) return given;
  for (const d of record.decisions) {
    if (d && (d.evidence.kind === 'main-container' || d.evidence.kind === 'outside-main-container')) {
      return d.evidence.container;
    }
  }
  return -1;
}

export function candidateBlocks(
  snapshot: PageSnapshot,
  record: DecisionRecord,
  params: Pick<SoreParams, 'neighbourWindow'>,
  mainNode?: number,
): CandidateBlock[] {
  const blocks = snapshot.blocks;
  const kept = blocks.map((b) => record.decisions[b.id]?.kept === true);
  // Distance (in blocks) to the nearest kept block, both directions.
  const gap = new Array<number>(blocks.length).fill(Infinity);
  let last = -Infinity;
  for (let i = 0; i < blocks.length; i++) {
    if (kept[i]) last = i;
    gap[i] = i - last;
  }
  last = Infinity;
  for (let i = blocks.length - 1; i >= 0; i--) {
    if (kept[i]) last = i;
    gap[i] = Math.min(gap[i], last - i);
  }
  const main = mainContainer(record, mainNode);
  const mainParent = main >= 0 ? (snapshot.nodes[main]?.parent ?? -1) : -1;

  const out: CandidateBlock[] = [];
  blocks.forEach((block, i) => {
    if (!TEXT_KINDS.has(block.kind) || block.text.trim() === '') return;
    if (record.decisions[block.id]?.pictureOnly) return; // its text is not the article's: neither judged nor brought back
    if (kept[i]) {
      out.push({ block, origin: 'kept' });
      return;
    }
    const decision = record.decisions[block.id];
    if (!decision || !block.visible || !EXAMINED_REMOVALS.has(decision.evidence.kind)) return;
    const near = gap[i] <= params.neighbourWindow || (mainParent > 0 && isInside(snapshot, block.node, mainParent));
    if (near) out.push({ block, origin: 'removed-nearby' });
  });
  return out;
}

/** Length with CJK characters weighted (they carry about a word each and come without spaces). */
export function weightedLength(text: string, cjkWeight: number): number {
  let n = 0;
  for (const ch of text) n += WIDE_CHAR.test(ch) ? cjkWeight : 1;
  return n;
}

const segmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(lang: string): Intl.Segmenter {
  let s = segmenters.get(lang);
  if (!s) {
    try {
      s = new Intl.Segmenter(lang || undefined, { granularity: 'sentence' });
    } catch {
      s = new Intl.Segmenter(undefined, { granularity: 'sentence' }); // invalid lang tag on the page
    }
    segmenters.set(lang, s);
  }
  return s;
}

interface Range {
  start: number;
  end: number;
}

/** [start, end) of `text` with surrounding whitespace left out; null when only whitespace. */
function trimRange(text: string, start: number, end: number): Range | null {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return start < end ? { start, end } : null;
}

/** Cuts a range longer than `max` (weighted) at soft breaks (spaces, commas) where possible, else hard. */
function splitLong(text: string, range: Range, max: number, cjkWeight: number): Range[] {
  const out: Range[] = [];
  let start = range.start;
  while (start < range.end) {
    let length = 0;
    let cut = range.end;
    let lastSoft = -1;
    for (let i = start; i < range.end; ) {
      const cp = text.codePointAt(i) ?? 0;
      const ch = String.fromCodePoint(cp);
      length += WIDE_CHAR.test(ch) ? cjkWeight : 1;
      const next = i + ch.length;
      if (length > max) {
        cut = lastSoft > start + (next - start) / 2 ? lastSoft : i;
        break;
      }
      if (SOFT_BREAK.test(ch)) lastSoft = next;
      i = next;
    }
    if (cut <= start) cut = Math.min(range.end, start + 1);
    const piece = trimRange(text, start, cut);
    if (piece) out.push(piece);
    start = cut;
  }
  return out;
}

/** Sentence-sized segments of one text, as trimmed ranges; see `segmentBlocks`. */
export function segmentText(
  text: string,
  lang: string,
  params: Pick<SoreParams, 'minSegmentChars' | 'maxSegmentChars' | 'cjkCharWeight'>,
): Range[] {
  const w = params.cjkCharWeight;
  const len = (r: Range) => weightedLength(text.slice(r.start, r.end), w);
  const pieces: Range[] = [];
  for (const s of sentenceSegmenter(lang).segment(text)) {
    const r = trimRange(text, s.index, s.index + s.segment.length);
    if (!r) continue;
    if (len(r) > params.maxSegmentChars) pieces.push(...splitLong(text, r, params.maxSegmentChars, w));
    else pieces.push(r);
  }
  const out: Range[] = [];
  for (const p of pieces) {
    const prev = out[out.length - 1];
    const short = prev !== undefined && (len(prev) < params.minSegmentChars || len(p) < params.minSegmentChars);
    if (prev && short && len({ start: prev.start, end: p.end }) <= params.maxSegmentChars) prev.end = p.end;
    else out.push({ ...p });
  }
  return out;
}

/**
 * Segments of the candidate blocks, in document order: a sentence or a short paragraph each. Headings, list
 * items and blocks up to `shortBlockChars` are one segment. The block's own lang wins over the page's.
 */
export function segmentBlocks(
  candidates: CandidateBlock[],
  pageLang: string,
  params: Pick<SoreParams, 'minSegmentChars' | 'maxSegmentChars' | 'shortBlockChars' | 'cjkCharWeight'>,
): Segment[] {
  const out: Segment[] = [];
  const shapes = lineShapes(candidates.filter((c) => c.origin === 'kept').map((c) => c.block));
  for (const { block, origin } of candidates) {
    const text = block.text;
    const whole = trimRange(text, 0, text.length);
    if (!whole) continue;
    const ranges =
      WHOLE_BLOCK_KINDS.has(block.kind) ||
      weightedLength(text.slice(whole.start, whole.end), params.cjkCharWeight) <= params.shortBlockChars
        ? [whole]
        : segmentText(text, block.lang || pageLang, params);
    for (const r of ranges) {
      out.push({ block: block.id, start: r.start, end: r.end, text: text.slice(r.start, r.end), origin, heading: block.kind === 'heading', blockChars: text.length, shape: shapes.get(block.id) });
    }
  }
  return out;
}

/** Whether a kept segment's block is longer than both removal limits: no rule but the same-line one can take it. */
export function lendsOnly(segment: Segment, params: Pick<SoreParams, 'groupMaxBlockChars' | 'farMaxBlockChars'>): boolean {
  return segment.origin === 'kept' && (segment.blockChars ?? 0) > Math.max(params.groupMaxBlockChars, params.farMaxBlockChars);
}

/**
 * Which of `count` lending segments (in document order) a page embeds when at most `max` may be: the first
 * ceil(max / 2), where the article states its topic, then floor(max / 2) evenly spaced over the rest, so the
 * core's centroid still sees the whole article.
 */
export function lendingSample(count: number, max: number): Set<number> {
  const chosen = new Set<number>();
  if (count <= max) {
    for (let i = 0; i < count; i++) chosen.add(i);
    return chosen;
  }
  const head = Math.ceil(max / 2);
  for (let i = 0; i < head; i++) chosen.add(i);
  const spread = max - head;
  const rest = count - head;
  for (let k = 0; k < spread; k++) chosen.add(head + Math.floor(((k + 0.5) * rest) / spread));
  return chosen;
}

/**
 * The segments worth embedding. A block longer than both limits (group matches and the distance rule remove only
 * shorter blocks) can lose no sentence to SORE, so it only lends the core its first `longBlockSegments` segments;
 * the rest of it is not embedded at all. Most of a page's text is in such paragraphs, so they are most of the
 * embedding time: a page sends at most `maxLendingSegments` of them (lendingSample), and the core is chosen among
 * those sent. Every segment SORE could remove is always embedded.
 */
export function segmentsToEmbed(
  segments: Segment[],
  params: Pick<SoreParams, 'longBlockSegments' | 'maxLendingSegments' | 'groupMaxBlockChars' | 'farMaxBlockChars'>,
): Segment[] {
  const taken = new Map<number, number>();
  const perBlock = segments.filter((s) => {
    if (!lendsOnly(s, params)) return true;
    const n = taken.get(s.block) ?? 0;
    taken.set(s.block, n + 1);
    return n < params.longBlockSegments;
  });
  const lendingCount = perBlock.filter((s) => lendsOnly(s, params)).length;
  if (lendingCount <= params.maxLendingSegments) return perBlock;
  const sample = lendingSample(lendingCount, params.maxLendingSegments);
  let lending = 0;
  return perBlock.filter((s) => !lendsOnly(s, params) || sample.has(lending++));
}
