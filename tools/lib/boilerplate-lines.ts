/**
 * Boilerplate lines mined from the TRAINING pages (../shared/bench/train/): the text lines of a page's HTML that
 * its ground-truth main content does not contain. A coarse tag split, not a renderer: enough for lines such as
 * menus, footers, bylines and link lists.
 */
import { readJsonLines } from '../../scripts/lib/jsonl';

const BLOCK_TAG = /<\/?(?:p|div|li|ul|ol|nav|header|footer|aside|section|article|h[1-6]|tr|td|th|table|br|dd|dt|dl|form|button|option|select|blockquote|figure|figcaption|main|span class="menu[^"]*")\b[^>]*>/gi;
const DROP = /<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', raquo: '»', laquo: '«', middot: '·', bull: '•', copy: '©', mdash: '—', ndash: '–', hellip: '…' };

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&([a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m);
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

export function htmlLines(html: string): string[] {
  return html
    .replace(DROP, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .split(BLOCK_TAG)
    .map((chunk) => decode(chunk.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

export interface BoilerplateLine {
  text: string;
  pageLang: string;
}

interface TrainPage {
  lang?: string;
  html?: string;
  truth_text?: string;
  without?: string[];
}

/** Lines of at least `minChars` characters that are not in the page's main content, each once. */
export async function mineBoilerplate(path: string, minChars = 12): Promise<BoilerplateLine[]> {
  const seen = new Set<string>();
  const out: BoilerplateLine[] = [];
  for await (const line of readJsonLines(path)) {
    if (!('value' in line)) continue;
    const page = line.value as TrainPage;
    if (!page.html || !page.truth_text) continue;
    const truth = normalise(page.truth_text);
    const candidates = [...htmlLines(page.html), ...(page.without ?? [])];
    for (const text of candidates) {
      const key = normalise(text);
      if (key.length < minChars || key.length > 300 || truth.includes(key) || seen.has(key)) continue;
      seen.add(key);
      out.push({ text, pageLang: page.lang ?? '' });
    }
  }
  return out;
}
