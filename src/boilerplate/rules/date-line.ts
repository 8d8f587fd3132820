import type { RemovalRule } from '../types';
import { quoted } from '../words';

/** Longest line read as a date line: a date, a time and a few words around them ("AFP · 30 avril 2015 à 07:19"). */
const MAX_CHARS = 80;
/** Letters left once the dates and times are taken out, at most (a sentence with a date in it is text). */
const MAX_OTHER_LETTERS = 24;
/** The same for a line with a time and no date ("Your video will play in 00:25" is a countdown, not a date line). */
const MAX_OTHER_LETTERS_TIME_ONLY = 8;

// Shapes, not words of one language: a clock time, a numeric date, a day and a year around any month word, CJK dates.
const DATE_OR_TIME = new RegExp(
  [
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?`,
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b`,
    String.raw`\b\d{1,2}\.\d{1,2}\.\d{2,4}\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?\p{L}{3,12}\.?,?\s+(?:de\s+)?(?:19|20)\d{2}\b`,
    String.raw`\p{L}{3,12}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}\b`,
    String.raw`(?:\d{2,4}年)?\d{1,2}月\d{1,2}日`,
  ].join('|'),
  'giu',
);

const CLOCK = /^\d{1,2}:\d{2}/;

/** Letters of the line outside its dates and times; a CJK character counts two (it is about half a word). */
function otherLetters(text: string): number {
  const rest = text.replace(DATE_OR_TIME, ' ');
  return (rest.match(/\p{L}/gu)?.length ?? 0) + (rest.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g)?.length ?? 0);
}

/** A line that is a date or a time and little else: when a piece was posted or updated, not what it says. */
export const dateLine: RemovalRule = {
  cause: 'date-line',
  roles: { names: 11 },
  // Asked after every element around the block: a date inside an author box or a comment belongs to that.
  weak: true,
  block(block) {
    const text = block.text.replace(/\s+/g, ' ').trim();
    if (text.length === 0 || text.length > MAX_CHARS || block.kind === 'heading') return null;
    const found = text.match(DATE_OR_TIME);
    if (!found) return null;
    const timeOnly = found.every((f) => CLOCK.test(f));
    return otherLetters(text) <= (timeOnly ? MAX_OTHER_LETTERS_TIME_ONLY : MAX_OTHER_LETTERS) ? `the line ${quoted(text)} is a date or time` : null;
  },
};
