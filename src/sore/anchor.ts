/**
 * The anchor: a short text saying what the page is about, against which segments are ranked to find the core.
 * Metadata first (title, description, og:*, JSON-LD), deduplicated and with the site name cut out of titles;
 * when that is poor (shorter than `minAnchorChars`, or nothing but the site name), the first heading of the kept
 * content, then the kept content's leading text.
 */
import { keepsText } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import type { SoreParams } from './params';
import { TEXT_KINDS, weightedLength } from './segment';
import type { AnchorSource } from './types';

export interface Anchor {
  text: string;
  source: AnchorSource;
}

type AnchorParams = Pick<
  SoreParams,
  'minAnchorChars' | 'minHeadingAnchorChars' | 'maxAnchorChars' | 'leadingTextChars' | 'cjkCharWeight'
>;

/** When cutting the anchor, a trailing partial word shorter than this is dropped (longer: unspaced CJK text). */
const MAX_DROPPED_WORD_CHARS = 30;
/** Separators between a title and the site name ("Headline | Site", "Site – Headline"). */
const TITLE_SEPARATOR = /\s+[|–—·•:»-]{1,2}\s+/u;

/** Lower-case letters and digits only, single-spaced: what two texts are compared on. */
export function normaliseForCompare(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function siteNames(snapshot: PageSnapshot): Set<string> {
  const names = new Set<string>();
  const add = (s: string | undefined) => {
    const n = normaliseForCompare(s ?? '');
    if (n) names.add(n);
  };
  add(snapshot.metadata.siteName);
  add(snapshot.metadata.openGraph['og:site_name']);
  add(snapshot.metadata.jsonLd['publisher']);
  try {
    const host = new URL(snapshot.url).hostname.replace(/^www\./, '');
    add(host);
    add(host.split('.').slice(0, -1).join('.'));
  } catch {
    // no usable URL: only the declared site names
  }
  return names;
}

/** A title without the parts that are just the site name. */
function stripSiteName(title: string, names: Set<string>): string {
  const parts = title.split(TITLE_SEPARATOR);
  if (parts.length < 2) return names.has(normaliseForCompare(title)) ? '' : title.trim();
  return parts
    .filter((p) => !names.has(normaliseForCompare(p)))
    .join(' – ')
    .trim();
}

/** Metadata texts, titles before descriptions, without site names and without duplicates or contained texts. */
export function metadataTexts(snapshot: PageSnapshot): string[] {
  const m = snapshot.metadata;
  const names = siteNames(snapshot);
  const titles = [m.title, m.openGraph['og:title'], m.openGraph['title'], m.jsonLd['headline']];
  const descriptions = [m.description, m.openGraph['og:description'], m.openGraph['description'], m.jsonLd['description']];
  const candidates = [
    ...titles.map((t) => stripSiteName(t ?? '', names)),
    ...descriptions.map((d) => (d ?? '').trim()),
  ].filter((t) => t !== '' && !names.has(normaliseForCompare(t)));

  const chosen: { text: string; norm: string }[] = [];
  for (const text of candidates) {
    const norm = normaliseForCompare(text);
    if (!norm || chosen.some((c) => c.norm.includes(norm))) continue;
    // A longer text replaces those it contains ("Headline" then "Headline: the full story").
    for (let i = chosen.length - 1; i >= 0; i--) if (norm.includes(chosen[i].norm)) chosen.splice(i, 1);
    chosen.push({ text, norm });
  }
  return chosen.map((c) => c.text);
}

/** At most `max` characters, without a cut-off last word (unless that word is long, as in CJK text). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const s = text.slice(0, max);
  const partial = /\s+\S*$/u.exec(s);
  return partial && s.length - partial.index < MAX_DROPPED_WORD_CHARS ? s.slice(0, partial.index) : s;
}

export function chooseAnchor(snapshot: PageSnapshot, record: DecisionRecord, params: AnchorParams): Anchor {
  const w = params.cjkCharWeight;
  const meta = metadataTexts(snapshot).join('\n');
  if (weightedLength(meta, w) >= params.minAnchorChars) {
    return { text: cut(meta, params.maxAnchorChars), source: 'metadata' };
  }

  const kept = snapshot.blocks.filter((b) => keepsText(record, b.id) && TEXT_KINDS.has(b.kind));
  const heading = kept.find(
    (b) => b.kind === 'heading' && weightedLength(b.text.trim(), w) >= params.minHeadingAnchorChars,
  );
  if (heading) return { text: cut(heading.text.trim(), params.maxAnchorChars), source: 'first-heading' };

  let leading = '';
  for (const b of kept) {
    if (leading.length >= params.leadingTextChars) break;
    const t = b.text.trim();
    if (t) leading = leading ? `${leading} ${t}` : t;
  }
  if (leading) return { text: cut(leading, Math.min(params.leadingTextChars, params.maxAnchorChars)), source: 'leading-text' };
  return { text: '', source: 'none' };
}
