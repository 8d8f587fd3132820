/**
 * What the perplexity stage did with a dev page's blocks, per language, and the boilerplate it left: every `without`
 * snippet (trafilatura-dev's marked boilerplate) that the kept text still holds, with why the stage kept the block
 * that holds it (not prose, no model, below the cutoff, a complete sentence, too short to judge, …). It answers
 * "why does the stage change nothing on this set" with counts instead of a guess.
 */
import type { Decision } from '../../src/decisions/types';
import { ineligibility, isCompleteSentence } from '../../src/perplexity/candidates';
import { cutoffFor, type BlockVerdict, type PerplexityParams } from '../../src/perplexity/stage';
import { wordCount } from '../../src/perplexity/tokenize';
import { normaliseForMatching } from '../../bench/lib/scoring/snippet-scores';
import type { PageSnapshot } from '../../src/snapshot/types';
import { markdownTable } from '../../scripts/lib/markdown-table';

export interface LeftoverPage {
  id: string;
  lang: string;
  without: string[];
  snapshot: PageSnapshot;
}

interface LanguageCounts {
  pages: number;
  kept: number;
  prose: number;
  scored: number;
  overCutoff: number;
  sentences: number;
  short: number;
  removed: number;
  /** `without` snippets, and those the kept text still holds after the stage. */
  without: number;
  left: number;
}

export interface Leftover {
  lang: string;
  page: string;
  snippet: string;
  block: string;
  why: string;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export class LeftoverReport {
  private readonly byLang = new Map<string, LanguageCounts>();
  readonly leftovers: Leftover[] = [];

  constructor(private readonly params: PerplexityParams) {}

  /** `kept`: the structural result's kept blocks; `verdicts` and `decisions`: the stage's under `params`. */
  add(page: LeftoverPage, kept: readonly number[], verdicts: readonly BlockVerdict[], decisions: readonly Decision[]): void {
    const counts = this.counts(page.lang);
    const removed = new Set(decisions.map((d) => d.block));
    const verdictOf = new Map(verdicts.map((v) => [v.block, v]));
    counts.pages++;
    counts.kept += kept.length;
    counts.prose += verdicts.length;
    counts.removed += removed.size;
    for (const v of verdicts) {
      if (v.status !== 'scored') continue;
      counts.scored++;
      if (v.perplexity <= cutoffFor(v.lang, v.level, this.params)) continue;
      counts.overCutoff++;
      const text = page.snapshot.blocks[v.block]!.text;
      if (isCompleteSentence(text)) counts.sentences++;
      else if (wordCount(text) < (this.params.minWords ?? 0)) counts.short++;
    }
    const stillKept = kept.filter((id) => !removed.has(id));
    const keptTexts = stillKept.map((id) => ({ id, text: normaliseForMatching(page.snapshot.blocks[id]!.text) }));
    const whole = keptTexts.map((b) => b.text).join(' ');
    counts.without += page.without.length;
    for (const snippet of page.without) {
      const needle = normaliseForMatching(snippet);
      if (!needle || !whole.includes(needle)) continue;
      counts.left++;
      const holder = keptTexts.find((b) => b.text.includes(needle));
      const block = holder ? page.snapshot.blocks[holder.id]! : undefined;
      this.leftovers.push({
        lang: page.lang,
        page: page.id,
        snippet,
        block: block ? block.text.replace(/\s+/g, ' ').slice(0, 140) : '',
        why: block ? this.why(page.snapshot, block.id, verdictOf.get(block.id)) : 'spans several blocks',
      });
    }
  }

  /** Why the stage kept the block that holds a boilerplate snippet. */
  private why(snapshot: PageSnapshot, id: number, verdict: BlockVerdict | undefined): string {
    const block = snapshot.blocks[id]!;
    if (!verdict) {
      const not = ineligibility(block);
      return `not judged: ${not ?? 'not prose'} (${block.kind}, <${block.tag}>)`;
    }
    if (verdict.status !== 'scored') return `left alone: ${verdict.status} (${verdict.lang})`;
    const cutoff = cutoffFor(verdict.lang, verdict.level, this.params);
    const figure = `${NUMBER.format(verdict.perplexity)} ${verdict.perplexity > cutoff ? '>' : '≤'} ${NUMBER.format(cutoff)} ${verdict.lang}`;
    if (verdict.perplexity <= cutoff) return `below the cutoff (${figure})`;
    if (isCompleteSentence(block.text)) return `over, but a complete sentence (${figure})`;
    if (wordCount(block.text) < (this.params.minWords ?? 0)) return `over, but under ${this.params.minWords} words (${figure})`;
    return `over, page limit (${figure})`;
  }

  private counts(lang: string): LanguageCounts {
    let c = this.byLang.get(lang);
    if (!c) this.byLang.set(lang, (c = { pages: 0, kept: 0, prose: 0, scored: 0, overCutoff: 0, sentences: 0, short: 0, removed: 0, without: 0, left: 0 }));
    return c;
  }

  /** The per-language counts, the reasons the leftovers were kept (counted) and every leftover. */
  print(log: (line: string) => void): void {
    const rows = [...this.byLang]
      .sort(([, a], [, b]) => b.pages - a.pages)
      .map(([lang, c]) => [lang, c.pages, c.kept, c.prose, c.scored, c.overCutoff, c.sentences, c.short, c.removed, c.without, c.left].map(String));
    log(`\nWhat the stage did per language (defaults; prose = blocks it may judge):\n`);
    log(markdownTable(['lang', 'pages', 'kept blocks', 'prose', 'scored', 'over cutoff', '… sentences', `… < ${this.params.minWords ?? 0} words`, 'removed', '`without` snippets', 'left in the text'], rows));
    const reasons = new Map<string, number>();
    for (const l of this.leftovers) {
      const key = `${l.lang} ${l.why.replace(/ \(.*$/, '')}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    log(`\nWhy the blocks holding the boilerplate left in the text were kept:\n`);
    log(markdownTable(['lang and why', 'snippets'], [...reasons].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, String(n)])));
    log(`\nEvery boilerplate snippet left (lang | page | snippet | why | block):`);
    for (const l of [...this.leftovers].sort((a, b) => a.lang.localeCompare(b.lang) || a.why.localeCompare(b.why))) {
      log(`${l.lang} | ${l.page} | ${l.snippet} | ${l.why} | ${l.block}`);
    }
  }
}
