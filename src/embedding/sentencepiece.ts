/**
 * A SentencePiece unigram tokenizer (Viterbi over piece log-probabilities), enough for Universal Sentence
 * Encoder lite's 8k vocabulary (`vocab.json`: `[piece, logProb][]`, index = token id).
 */

/** SentencePiece marks word starts with U+2581 and has no spaces. */
export const WORD_BOUNDARY = '\u2581';
/** The first ids are control symbols (unk, <s>, </s>, extra ids) that never match text. */
export const USE_RESERVED_SYMBOLS = 6;
export const UNKNOWN_ID = 0;
/** SentencePiece scores an unknown character this far below the least likely piece. */
const UNKNOWN_PENALTY = 10;

export type VocabEntry = [piece: string, logProb: number];

interface Piece {
  id: number;
  score: number;
}

export class SentencePieceTokenizer {
  private readonly pieces = new Map<string, Piece>();
  private readonly maxPieceChars: number;
  private readonly unknownScore: number;

  constructor(vocab: readonly VocabEntry[], reservedSymbols = USE_RESERVED_SYMBOLS) {
    let maxChars = 1;
    let minScore = 0;
    for (let id = reservedSymbols; id < vocab.length; id++) {
      const [piece, score] = vocab[id];
      if (piece.length === 0 || this.pieces.has(piece)) continue;
      this.pieces.set(piece, { id, score });
      maxChars = Math.max(maxChars, Array.from(piece).length);
      minScore = Math.min(minScore, score);
    }
    this.maxPieceChars = maxChars;
    this.unknownScore = minScore - UNKNOWN_PENALTY;
  }

  /** Token ids of one text; empty text gives no tokens. Runs of unknown characters become one UNKNOWN_ID. */
  encode(text: string): number[] {
    const normalized = normalizeForSentencePiece(text);
    if (normalized.length === 0) return [];
    const chars = Array.from(normalized); // code points, so surrogate pairs stay whole
    const n = chars.length;
    const best = new Float64Array(n + 1).fill(-Infinity);
    const backLength = new Int32Array(n + 1);
    const backId = new Int32Array(n + 1);
    best[0] = 0;
    for (let start = 0; start < n; start++) {
      if (best[start] === -Infinity) continue;
      let matchedSingle = false;
      let candidate = '';
      for (let length = 1; length <= this.maxPieceChars && start + length <= n; length++) {
        candidate += chars[start + length - 1];
        const piece = this.pieces.get(candidate);
        if (!piece) continue;
        if (length === 1) matchedSingle = true;
        const score = best[start] + piece.score;
        const end = start + length;
        if (score > best[end]) {
          best[end] = score;
          backLength[end] = length;
          backId[end] = piece.id;
        }
      }
      if (!matchedSingle) {
        const score = best[start] + this.unknownScore;
        if (score > best[start + 1]) {
          best[start + 1] = score;
          backLength[start + 1] = 1;
          backId[start + 1] = UNKNOWN_ID;
        }
      }
    }
    const reversed: number[] = [];
    for (let end = n; end > 0; end -= backLength[end]) reversed.push(backId[end]);
    const ids: number[] = [];
    for (let i = reversed.length - 1; i >= 0; i--) {
      const id = reversed[i];
      if (id === UNKNOWN_ID && ids.length > 0 && ids[ids.length - 1] === UNKNOWN_ID) continue;
      ids.push(id);
    }
    return ids;
  }
}

/** NFKC, whitespace runs collapsed and trimmed, then U+2581 before every word (USE's preprocessing). */
export function normalizeForSentencePiece(text: string): string {
  const collapsed = text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return collapsed.length === 0 ? '' : WORD_BOUNDARY + collapsed.replaceAll(' ', WORD_BOUNDARY);
}
