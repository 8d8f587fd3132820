/**
 * What read aloud says, in order: the article's pieces (title, paragraphs, list items, captions; a code block or a
 * table is named, not read) split into sentences with the browser's own sentence rules for the article's language,
 * and where in its piece each sentence and each spoken word lies, so the reader can highlight them.
 */

export type SpokenKind = 'title' | 'text' | 'caption' | 'code' | 'table' | 'math';

export interface SpokenPiece {
  kind: SpokenKind;
  /** The piece's text as shown (for code, tables and math: what they hold, used only to describe them). */
  text: string;
}

export interface Sentence {
  /** Index of the piece it comes from. */
  piece: number;
  /** Where the sentence lies in the piece's text; -1 for a named piece (code, table, math), which is not shown as read. */
  start: number;
  end: number;
  /** What the voice says. */
  spoken: string;
}

/** What is said instead of a code block, a table or a formula. */
export function namedPiece(piece: SpokenPiece): string {
  if (piece.kind === 'code') {
    const lines = piece.text.split('\n').filter((l) => l.trim()).length;
    return lines === 1 ? 'A code block of one line, not read aloud.' : `A code block of ${lines} lines, not read aloud.`;
  }
  if (piece.kind === 'table') return 'A table, not read aloud.';
  return 'A formula, not read aloud.';
}

function sentenceSpans(text: string, lang: string): [number, number][] {
  const spans: [number, number][] = [];
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Segmenter) {
    let locale: string | undefined = lang || undefined;
    try {
      new Segmenter(locale, { granularity: 'sentence' });
    } catch {
      locale = undefined;
    }
    for (const s of new Segmenter(locale, { granularity: 'sentence' }).segment(text)) spans.push([s.index, s.index + s.segment.length]);
  } else {
    for (const m of text.matchAll(/[^.!?。！？]+(?:[.!?。！？]+["'”’)\]]*\s*|$)/g)) spans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  // Leading and trailing spaces are not part of what is highlighted.
  return spans
    .map(([s, e]): [number, number] => {
      const piece = text.slice(s, e);
      return [s + (piece.length - piece.trimStart().length), e - (piece.length - piece.trimEnd().length)];
    })
    .filter(([s, e]) => e > s);
}

/** The sentences of the pieces, in reading order. */
export function speechQueue(pieces: readonly SpokenPiece[], lang: string): Sentence[] {
  const queue: Sentence[] = [];
  pieces.forEach((piece, index) => {
    if (piece.kind === 'code' || piece.kind === 'table' || piece.kind === 'math') {
      queue.push({ piece: index, start: -1, end: -1, spoken: namedPiece(piece) });
      return;
    }
    for (const [start, end] of sentenceSpans(piece.text, lang)) queue.push({ piece: index, start, end, spoken: piece.text.slice(start, end) });
  });
  return queue;
}

/**
 * The word a boundary event points at, as offsets in the sentence's piece. `charLength` is reported by Chromium;
 * where it is missing (Firefox) the word runs to the next space.
 */
export function spokenWord(sentence: Sentence, charIndex: number, charLength?: number): [number, number] | null {
  if (sentence.start < 0 || charIndex < 0 || charIndex >= sentence.spoken.length) return null;
  let length = charLength && charLength > 0 ? charLength : 0;
  if (!length) {
    const rest = sentence.spoken.slice(charIndex);
    length = rest.search(/\s|$/);
  }
  if (length <= 0) return null;
  const end = Math.min(charIndex + length, sentence.spoken.length);
  return [sentence.start + charIndex, sentence.start + end];
}

/** The voice to use by default: the browser's default voice when it speaks the language, else the first that does. */
export function defaultVoice<V extends { lang: string; default: boolean }>(voices: readonly V[], lang: string): V | undefined {
  const base = (lang || '').toLowerCase().split(/[-_]/)[0];
  if (!base) return voices.find((v) => v.default) ?? voices[0];
  const speaks = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === base);
  const exact = speaks.filter((v) => v.lang.toLowerCase().replace('_', '-') === lang.toLowerCase());
  return exact.find((v) => v.default) ?? speaks.find((v) => v.default) ?? exact[0] ?? speaks[0];
}
