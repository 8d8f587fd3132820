/**
 * Block labels from a page's truth text: the share of a block's tokens that the truth contains in the same order,
 * read as word trigrams (a token counts when a trigram through it occurs in the truth). Blocks of one or two tokens
 * have no trigram: they count when the truth holds them as a run of tokens and a longer block at most two places
 * away is content (so a lone "Home" in a menu is not content because "home" occurs in some sentence).
 */
import { tokenize } from '../../src/text/tokenize';

export const CONTENT_SHARE = 0.5;
/** How far (in blocks) a short block looks for a longer neighbour. */
const NEAR = 2;

export interface TruthIndex {
  trigrams: Set<string>;
  /** Every run of one or two tokens of the truth. */
  shortRuns: Set<string>;
}

export function truthIndex(truth: string): TruthIndex {
  const t = tokenize(truth);
  const trigrams = new Set<string>();
  const shortRuns = new Set<string>();
  for (let i = 0; i < t.length; i++) {
    shortRuns.add(t[i]!);
    if (i + 1 < t.length) shortRuns.add(`${t[i]} ${t[i + 1]}`);
    if (i + 2 < t.length) trigrams.add(`${t[i]} ${t[i + 1]} ${t[i + 2]}`);
  }
  return { trigrams, shortRuns };
}

/** Share of the text's tokens inside a trigram the truth holds; null for texts of fewer than three tokens. */
export function coveredShare(text: string, truth: TruthIndex): number | null {
  const t = tokenize(text);
  if (t.length < 3) return null;
  const covered = new Uint8Array(t.length);
  for (let i = 0; i + 2 < t.length; i++) {
    if (truth.trigrams.has(`${t[i]} ${t[i + 1]} ${t[i + 2]}`)) covered[i] = covered[i + 1] = covered[i + 2] = 1;
  }
  return covered.reduce((s, c) => s + c, 0) / t.length;
}

function shortInTruth(text: string, truth: TruthIndex): boolean {
  const t = tokenize(text);
  return t.length > 0 && truth.shortRuns.has(t.join(' '));
}

/** Per block: its share (0..1), or -1 for a block without tokens (never content). */
export function blockShares(texts: string[], truth: TruthIndex): number[] {
  const shares = texts.map((text) => coveredShare(text, truth));
  return texts.map((text, i) => {
    const share = shares[i];
    if (share !== null && share !== undefined) return share;
    if (tokenize(text).length === 0) return -1;
    if (!shortInTruth(text, truth)) return 0;
    const near = (step: number): boolean => {
      for (let j = i + step; j >= 0 && j < texts.length && Math.abs(j - i) <= NEAR; j += step) {
        const s = shares[j];
        if (s !== null && s !== undefined) return s >= CONTENT_SHARE;
      }
      return false;
    };
    return near(-1) || near(1) ? 1 : 0;
  });
}

/** Lines of an output that the truth does not hold (a caption credit, "Close", a ticker line). */
export function leftoverLines(output: string, truth: TruthIndex): number {
  let count = 0;
  for (const line of output.split('\n')) {
    if (tokenize(line).length === 0) continue;
    const share = coveredShare(line, truth);
    if (share === null ? !shortInTruth(line, truth) : share < CONTENT_SHARE) count++;
  }
  return count;
}
