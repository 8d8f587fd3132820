/**
 * Every SORE threshold, with its default. `resolveSoreParams` fills a partial set and replaces invalid values
 * (wrong type, out of range) with the default, so a bad setting can never break a run.
 */

/** Share of segments (by cosine to the anchor) that form the core. */
export const DEFAULT_CORE_SHARE = 0.2;
/** The core never has fewer segments than this (when there are any segments). */
export const DEFAULT_MIN_CORE_SEGMENTS = 1;
/**
 * Outlier-group cutoff c: a non-core segment whose nearest phrase has cosine ≥ c is removed.
 * 0.6 is a starting point only; it is to be tuned on the benchmark per embedding model (E5 models give high
 * cosines to almost any pair, so they will likely need a higher c than USE-lite).
 */
export const DEFAULT_GROUP_CUTOFF = 0.6;
/** Core-distance cutoff d: a non-core segment whose cosine distance to the core centroid is > d is removed. */
export const DEFAULT_FAR_DISTANCE = 0.8;
/**
 * The distance rule removes only blocks up to this many characters. Measured on the English dev sets with USE-lite:
 * of the text the distance rule removed from blocks of 120+ characters, 88 % was article text (other sections of
 * multi-topic pages, anecdotes), while boilerplate blocks are short. Group matches still apply to long blocks.
 */
export const DEFAULT_FAR_MAX_BLOCK_CHARS = 120;
/**
 * Group matches remove only segments of blocks up to this many characters, unless the segment is all but identical
 * to a known boilerplate line (sameLineCutoff): the boilerplate SORE is for ("Advertisement", "Image 1 of 23",
 * "Continue Reading Below", a photo credit) comes in short blocks, while article paragraphs that merely resemble a
 * known line are long. Calibrated per model (calibration.ts); the default switches the limit off.
 */
export const DEFAULT_GROUP_MAX_BLOCK_CHARS = 100_000;
/**
 * Segments embedded per kept block longer than both the group and the distance limit (segmentsToEmbed): such a
 * block cannot be removed, so it only lends the core its first sentences. The default embeds them all.
 */
export const DEFAULT_LONG_BLOCK_SEGMENTS = 1000;
/**
 * Lending segments (the first segments of such blocks) embedded per page at most: beyond this, a sample spread over
 * the article (the first half of this number, then evenly spaced ones) stands for them. The core's centroid from
 * a spread sample is nearly the same, while those segments are most of a long page's tokens. The default takes all.
 */
export const DEFAULT_MAX_LENDING_SEGMENTS = 100_000;
/** If SORE would remove more than this share of the kept text's characters, it falls back (see fallback.ts). */
export const DEFAULT_FALLBACK_SHARE = 0.5;
/** How much the fallback raises c and d (and every per-group cutoff) on its retry. */
export const DEFAULT_FALLBACK_RAISE = 0.1;
/** GCE-removed blocks within this many blocks (document order) of a kept block are examined too. */
export const DEFAULT_NEIGHBOUR_WINDOW = 3;
/** Sentences shorter than this (weighted length, see cjkCharWeight) are merged into a neighbour. */
export const DEFAULT_MIN_SEGMENT_CHARS = 30;
/** Segments are not merged beyond this length, and single sentences longer than it are split. */
export const DEFAULT_MAX_SEGMENT_CHARS = 400;
/** Blocks at most this long (weighted) are one segment, whatever their punctuation. */
export const DEFAULT_SHORT_BLOCK_CHARS = 60;
/**
 * Weight of a CJK / kana / hangul character in segment lengths: such scripts carry roughly a word in one or two
 * characters and have no spaces, so a 15-character Japanese sentence is as complete as a 30-character English one.
 */
export const DEFAULT_CJK_CHAR_WEIGHT = 2;
/** Metadata anchors shorter than this (after removing the site name) count as poor. */
export const DEFAULT_MIN_ANCHOR_CHARS = 20;
/** A first heading shorter than this is not used as anchor (leading text is used instead). */
export const DEFAULT_MIN_HEADING_ANCHOR_CHARS = 8;
/** The anchor text is cut to this many characters. */
export const DEFAULT_MAX_ANCHOR_CHARS = 600;
/** Characters of the main content's leading text used when neither metadata nor a heading is usable. */
export const DEFAULT_LEADING_TEXT_CHARS = 300;
/** Known lines fetched per segment from the index: the neighbours that vote (k of the kNN vote). */
export const DEFAULT_NEAREST_K = 10;
/** A match removes only when (boilerplate − content) / k among the nearest known lines reaches this. */
export const DEFAULT_VOTE_MARGIN = 0;
/**
 * Cosine from which a segment counts as the same line as a known boilerplate line: removed whatever the vote and the
 * block limit say. 0.9 suits USE-lite; averaged word vectors (GloVe) put unrelated lines of common words above it,
 * so their calibration sets it higher (calibration.ts).
 */
export const DEFAULT_SAME_LINE_CUTOFF = 0.9;
/**
 * The line-shape rule (line-shape.ts): a block of up to shapeMaxChars characters that is mostly links
 * (≥ shapeLinkShare of its text), recurs on the page or is in capitals needs only shapeVoteMargin of the vote to
 * be removed by a group match, and is removed when farther than shapeFarDistance from the core. Off by default
 * (margin and distance above their ranges); calibrated per model (calibration.ts).
 */
export const DEFAULT_SHAPE_MAX_CHARS = 150;
export const DEFAULT_SHAPE_LINK_SHARE = 0.6;
export const DEFAULT_SHAPE_VOTE_MARGIN = 2;
export const DEFAULT_SHAPE_FAR_DISTANCE = 3;
/**
 * A block of at least this many words that ends like a sentence and is mostly not link text is prose: only the
 * same-line rule removes it (line-shape.ts isProse). The default switches the protection off.
 */
export const DEFAULT_PROSE_MIN_WORDS = 100_000;
/** Texts per embedder call. */
export const DEFAULT_EMBED_BATCH_SIZE = 64;
/** Restore GCE-removed blocks whose segments reach the core's anchor similarity. Off in this version. */
export const DEFAULT_RESCUE = false;
/**
 * Lines SORE leaves to the structure, switchable so that sore-tune can measure each
 * (bench/results/2026-11-26-sore-fields.md):
 * - a heading or a line ending in a colon that leads into text SORE keeps (lead-ins.ts): on; it raised or held F1
 *   on every English dev sample replayed;
 * - a field of repeated items (item-fields.ts): off; it raised cleaneval-dev but lowered cleanportaleval and the
 *   first wcxb-dev-sample pages replayed.
 */
export const DEFAULT_KEEP_ITEM_FIELDS = false;
export const DEFAULT_KEEP_LEAD_INS = true;

export interface SoreParams {
  coreShare: number;
  minCoreSegments: number;
  groupCutoff: number;
  /** Per-group overrides of groupCutoff, by group id. */
  groupCutoffs: Record<string, number>;
  farDistance: number;
  farMaxBlockChars: number;
  groupMaxBlockChars: number;
  longBlockSegments: number;
  maxLendingSegments: number;
  fallbackShare: number;
  fallbackRaise: number;
  neighbourWindow: number;
  minSegmentChars: number;
  maxSegmentChars: number;
  shortBlockChars: number;
  cjkCharWeight: number;
  minAnchorChars: number;
  minHeadingAnchorChars: number;
  maxAnchorChars: number;
  leadingTextChars: number;
  nearestK: number;
  voteMargin: number;
  sameLineCutoff: number;
  shapeMaxChars: number;
  shapeLinkShare: number;
  shapeVoteMargin: number;
  shapeFarDistance: number;
  proseMinWords: number;
  embedBatchSize: number;
  rescue: boolean;
  keepItemFields: boolean;
  keepLeadIns: boolean;
}

export const DEFAULT_SORE_PARAMS: Readonly<SoreParams> = Object.freeze({
  coreShare: DEFAULT_CORE_SHARE,
  minCoreSegments: DEFAULT_MIN_CORE_SEGMENTS,
  groupCutoff: DEFAULT_GROUP_CUTOFF,
  groupCutoffs: {},
  farDistance: DEFAULT_FAR_DISTANCE,
  farMaxBlockChars: DEFAULT_FAR_MAX_BLOCK_CHARS,
  groupMaxBlockChars: DEFAULT_GROUP_MAX_BLOCK_CHARS,
  longBlockSegments: DEFAULT_LONG_BLOCK_SEGMENTS,
  maxLendingSegments: DEFAULT_MAX_LENDING_SEGMENTS,
  fallbackShare: DEFAULT_FALLBACK_SHARE,
  fallbackRaise: DEFAULT_FALLBACK_RAISE,
  neighbourWindow: DEFAULT_NEIGHBOUR_WINDOW,
  minSegmentChars: DEFAULT_MIN_SEGMENT_CHARS,
  maxSegmentChars: DEFAULT_MAX_SEGMENT_CHARS,
  shortBlockChars: DEFAULT_SHORT_BLOCK_CHARS,
  cjkCharWeight: DEFAULT_CJK_CHAR_WEIGHT,
  minAnchorChars: DEFAULT_MIN_ANCHOR_CHARS,
  minHeadingAnchorChars: DEFAULT_MIN_HEADING_ANCHOR_CHARS,
  maxAnchorChars: DEFAULT_MAX_ANCHOR_CHARS,
  leadingTextChars: DEFAULT_LEADING_TEXT_CHARS,
  nearestK: DEFAULT_NEAREST_K,
  voteMargin: DEFAULT_VOTE_MARGIN,
  sameLineCutoff: DEFAULT_SAME_LINE_CUTOFF,
  shapeMaxChars: DEFAULT_SHAPE_MAX_CHARS,
  shapeLinkShare: DEFAULT_SHAPE_LINK_SHARE,
  shapeVoteMargin: DEFAULT_SHAPE_VOTE_MARGIN,
  shapeFarDistance: DEFAULT_SHAPE_FAR_DISTANCE,
  proseMinWords: DEFAULT_PROSE_MIN_WORDS,
  embedBatchSize: DEFAULT_EMBED_BATCH_SIZE,
  rescue: DEFAULT_RESCUE,
  keepItemFields: DEFAULT_KEEP_ITEM_FIELDS,
  keepLeadIns: DEFAULT_KEEP_LEAD_INS,
});

type NumericKey = { [K in keyof SoreParams]: SoreParams[K] extends number ? K : never }[keyof SoreParams];

/** Valid range per numeric parameter ([min, max], inclusive) and whether it must be an integer. */
const RANGES: Record<NumericKey, { min: number; max: number; int?: boolean }> = {
  coreShare: { min: 0, max: 1 },
  minCoreSegments: { min: 1, max: 1000, int: true },
  groupCutoff: { min: -1, max: 2 }, // > 1 disables the rule; allowed so a user can switch it off
  farDistance: { min: 0, max: 3 },
  farMaxBlockChars: { min: 0, max: 100_000, int: true }, // cosine distance is at most 2; > 2 disables the rule
  groupMaxBlockChars: { min: 0, max: 100_000, int: true },
  longBlockSegments: { min: 0, max: 1000, int: true },
  maxLendingSegments: { min: 1, max: 100_000, int: true },
  fallbackShare: { min: 0, max: 1 },
  fallbackRaise: { min: 0, max: 1 },
  neighbourWindow: { min: 0, max: 1000, int: true },
  minSegmentChars: { min: 0, max: 10_000, int: true },
  maxSegmentChars: { min: 20, max: 100_000, int: true },
  shortBlockChars: { min: 0, max: 100_000, int: true },
  cjkCharWeight: { min: 0.1, max: 10 },
  minAnchorChars: { min: 0, max: 10_000, int: true },
  minHeadingAnchorChars: { min: 0, max: 10_000, int: true },
  maxAnchorChars: { min: 20, max: 100_000, int: true },
  leadingTextChars: { min: 20, max: 100_000, int: true },
  nearestK: { min: 1, max: 100, int: true },
  voteMargin: { min: -1, max: 1 },
  sameLineCutoff: { min: -1, max: 2 }, // > 1 switches the rule off
  shapeMaxChars: { min: 0, max: 100_000, int: true },
  shapeLinkShare: { min: 0, max: 1 },
  shapeVoteMargin: { min: -1, max: 2 }, // > 1 switches the rule off
  shapeFarDistance: { min: 0, max: 3 }, // > 2 switches the rule off
  proseMinWords: { min: 1, max: 100_000, int: true },
  embedBatchSize: { min: 1, max: 10_000, int: true },
};

export function isValidParam(key: NumericKey, value: unknown): value is number {
  const range = RANGES[key];
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= range.min &&
    value <= range.max &&
    (!range.int || Number.isInteger(value))
  );
}

/**
 * Defaults overlaid with the valid entries of `partial`. Invalid entries are dropped and reported through `warn`
 * (console.warn by default), never thrown.
 */
export function resolveSoreParams(
  partial: Partial<SoreParams> = {},
  warn: (message: string) => void = (m) => console.warn(`[pith:sore] ${m}`),
): SoreParams {
  const params: SoreParams = { ...DEFAULT_SORE_PARAMS, groupCutoffs: { ...DEFAULT_SORE_PARAMS.groupCutoffs } };
  for (const key of Object.keys(RANGES) as NumericKey[]) {
    const value = partial[key];
    if (value === undefined) continue;
    if (isValidParam(key, value)) params[key] = value;
    else warn(`ignored ${key}=${String(value)}; using ${params[key]}`);
  }
  for (const key of ['rescue', 'keepItemFields', 'keepLeadIns'] as const) {
    const value = partial[key];
    if (value === undefined) continue;
    if (typeof value === 'boolean') params[key] = value;
    else warn(`ignored ${key}=${String(value)}`);
  }
  if (partial.groupCutoffs !== undefined) {
    if (partial.groupCutoffs && typeof partial.groupCutoffs === 'object') {
      for (const [group, cutoff] of Object.entries(partial.groupCutoffs)) {
        if (isValidParam('groupCutoff', cutoff)) params.groupCutoffs[group] = cutoff;
        else warn(`ignored cutoff ${String(cutoff)} for group ${group}`);
      }
    } else warn('ignored groupCutoffs (not an object)');
  }
  if (params.maxSegmentChars < params.minSegmentChars) {
    warn(`maxSegmentChars ${params.maxSegmentChars} < minSegmentChars ${params.minSegmentChars}; using defaults`);
    params.maxSegmentChars = DEFAULT_MAX_SEGMENT_CHARS;
    params.minSegmentChars = Math.min(DEFAULT_MIN_SEGMENT_CHARS, params.maxSegmentChars);
  }
  return params;
}

/** The cutoff c that applies to a group: its override, else the global one. */
export function cutoffFor(params: Pick<SoreParams, 'groupCutoff' | 'groupCutoffs'>, group: string): number {
  return params.groupCutoffs[group] ?? params.groupCutoff;
}

/** The same parameters with c, d and every per-group cutoff raised by `by` (the fallback's retry). */
export function raiseCutoffs(params: SoreParams, by: number): SoreParams {
  const groupCutoffs: Record<string, number> = {};
  for (const [group, cutoff] of Object.entries(params.groupCutoffs)) groupCutoffs[group] = cutoff + by;
  return { ...params, groupCutoff: params.groupCutoff + by, farDistance: params.farDistance + by, groupCutoffs };
}
