/**
 * The tables of the ablation (`npx tsx tools/ablate-report.ts [--tag before] [--moved 5]`): per pass and set the gain of the pass (F1 with it minus F1 without
 * it), the change in the share of pages more than 0.2 below Readability.js and in leftover lines per page, on the
 * deciding pages (every training page and the half of each dev set whose site hashes to 0) and, once, on the
 * confirming half; then the decision, per page type, and the pages each pass moves most.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, type PageResult, type Variant, type VariantScore } from './ablate-passes';

/** A pass stays when it gains at least this much mean F1 on a set where it acts… */
export const MIN_GAIN = 0.002;
/** …and costs no set more than this (nor raises a set's share of pages more than 0.2 below Readability.js). */
export const MAX_COST = 0.002;

type Split = 'decide' | 'confirm' | 'evaluate';

function splitOf(page: PageResult): Split {
  if (page.set === 'daniel-dev') return 'evaluate';
  if (page.set === 'wcxb-dev-train') return 'decide';
  return halfOf(page.site) === 0 ? 'decide' : 'confirm';
}

export function loadResults(tag: string): PageResult[] {
  if (!existsSync(ABLATE_CACHE_DIR)) return [];
  const files = readdirSync(ABLATE_CACHE_DIR).filter((f) => f.startsWith(`ablation-${tag}-`) && /\d+of\d+\.jsonl$/.test(f));
  return files.flatMap((f) => readFileSync(join(ABLATE_CACHE_DIR, f), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as PageResult));
}

function score(page: PageResult, variant: Variant): VariantScore {
  return page.scores[variant] ?? page.scores.all!;
}

const below = (page: PageResult, s: VariantScore) => (page.rjsF1 !== null && s.f1 < page.rjsF1 - 0.2 ? 1 : 0);
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

interface Effect {
  pages: number;
  acts: number;
  /** Mean F1 with the pass minus without it (positive: the pass helps). */
  gain: number;
  /** Share of pages more than 0.2 below Readability.js, with minus without (positive: the pass harms); null without R.js text. */
  below: number | null;
  /** Leftover lines per page, with minus without (positive: the pass leaves more). */
  leftover: number;
}

function effect(pages: PageResult[], variant: Variant): Effect {
  const withRjs = pages.filter((p) => p.rjsF1 !== null);
  return {
    pages: pages.length,
    acts: pages.filter((p) => { const s = score(p, variant); const a = p.scores.all!; return s.f1 !== a.f1 || s.chars !== a.chars; }).length,
    gain: mean(pages.map((p) => p.scores.all!.f1 - score(p, variant).f1)),
    below: withRjs.length ? mean(withRjs.map((p) => below(p, p.scores.all!) - below(p, score(p, variant)))) : null,
    leftover: mean(pages.map((p) => p.scores.all!.leftover - score(p, variant).leftover)),
  };
}

const signed = (x: number, digits = 3) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;

function cell(e: Effect): string {
  if (e.acts === 0) return '·';
  const b = e.below === null ? 'n/a' : `${signed(e.below * 100, 1)} %`;
  return `${signed(e.gain)} / ${b} / ${signed(e.leftover, 2)} (${e.acts})`;
}

function bySet(pages: PageResult[]): Map<string, PageResult[]> {
  const sets = new Map<string, PageResult[]>();
  for (const p of pages) sets.set(p.set, [...(sets.get(p.set) ?? []), p]);
  return sets;
}

/** Keep when the pass gains ≥ MIN_GAIN on a set where it acts and costs no set more than MAX_COST nor raises its share below R.js. */
export function verdict(pages: PageResult[], variant: Variant): { keep: boolean; why: string } {
  const effects = [...bySet(pages)].map(([set, ps]) => ({ set, e: effect(ps, variant) })).filter((x) => x.e.acts > 0);
  if (effects.length === 0) return { keep: false, why: 'acts on no page' };
  const gains = effects.filter((x) => x.e.gain >= MIN_GAIN).map((x) => x.set);
  const costs = effects.filter((x) => x.e.gain < -MAX_COST || (x.e.below ?? 0) > 0).map((x) => x.set);
  if (costs.length) return { keep: false, why: `costs ${costs.join(', ')}` };
  if (!gains.length) return { keep: false, why: `gains < ${MIN_GAIN} on every set` };
  return { keep: true, why: `gains on ${gains.join(', ')}` };
}

function passTable(pages: PageResult[], sets: string[], measured: Variant[]): string[] {
  const lines = [`| pass | ${sets.join(' | ')} | decision |`, `|---|${sets.map(() => '---|').join('')}---|`];
  for (const v of measured) {
    const split = bySet(pages);
    const cells = sets.map((s) => cell(effect(split.get(s) ?? [], v)));
    const { keep, why } = verdict(pages, v);
    lines.push(`| ${v.slice(1)} | ${cells.join(' | ')} | ${keep ? 'keep' : 'delete'}: ${why} |`);
  }
  return lines;
}

function typeTable(pages: PageResult[], measured: Variant[]): string[] {
  const types = [...new Set(pages.filter((p) => p.type !== '-').map((p) => p.type))].sort();
  const lines = [`| pass | ${types.join(' | ')} |`, `|---|${types.map(() => '---|').join('')}`];
  for (const v of measured) {
    const cells = types.map((t) => {
      const e = effect(pages.filter((p) => p.type === t), v);
      return e.acts ? `${signed(e.gain)} (${e.acts})` : '·';
    });
    if (cells.some((c) => c !== '·')) lines.push(`| ${v.slice(1)} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function baseline(pages: PageResult[]): string[] {
  const lines = ['| set | pages | replay = Chromium run | main (Chromium run) F1 | this code (replay) F1 | Readability.js F1 | > 0.2 below R.js | leftover lines/page |', '|---|---|---|---|---|---|---|---|'];
  for (const [set, ps] of bySet(pages)) {
    const withRjs = ps.filter((p) => p.rjsF1 !== null);
    const rjs = withRjs.length ? mean(withRjs.map((p) => p.rjsF1!)).toFixed(3) : 'n/a';
    const share = withRjs.length ? `${(mean(withRjs.map((p) => below(p, p.scores.all!))) * 100).toFixed(1)} %` : 'n/a';
    lines.push(`| ${set} | ${ps.length} | ${ps.filter((p) => p.sameAsCached).length} | ${mean(ps.map((p) => p.cachedF1)).toFixed(3)} | ${mean(ps.map((p) => p.scores.all!.f1)).toFixed(3)} | ${rjs} | ${share} | ${mean(ps.map((p) => p.scores.all!.leftover)).toFixed(1)} |`);
  }
  return lines;
}

function moved(pages: PageResult[], count: number, measured: Variant[]): string[] {
  const lines: string[] = [];
  for (const v of measured) {
    const top = pages
      .map((p) => ({ p, d: p.scores.all!.f1 - score(p, v).f1 }))
      .filter((x) => x.d !== 0)
      .sort((a, b) => Math.abs(b.d) - Math.abs(a.d))
      .slice(0, count);
    if (!top.length) continue;
    lines.push(`- ${v.slice(1)}: ${top.map(({ p, d }) => `${p.set}/${p.id} (${p.site}, ${p.type}) ${signed(d, 2)}, ${score(p, v).chars}→${p.scores.all!.chars} chars`).join('; ')}`);
  }
  return lines;
}

/** Per language (daniel-dev, evaluation only): Readability.js, the main branch's Chromium run, this replay. */
function languages(pages: PageResult[]): string[] {
  const lines = ['| language | pages | Readability.js | main (Chromium run) | this code (replay) | > 0.2 below R.js, main → this |', '|---|---|---|---|---|---|'];
  const langs = [...new Set(pages.map((p) => p.lang))].sort();
  for (const lang of [...langs, 'all']) {
    const ps = pages.filter((p) => lang === 'all' || p.lang === lang);
    const rjs = ps.filter((p) => p.rjsF1 !== null);
    const share = (f: (p: PageResult) => number) => `${(mean(rjs.map((p) => (f(p) < p.rjsF1! - 0.2 ? 1 : 0))) * 100).toFixed(1)} %`;
    lines.push(`| ${lang} | ${ps.length} | ${mean(rjs.map((p) => p.rjsF1!)).toFixed(3)} | ${mean(ps.map((p) => p.cachedF1)).toFixed(3)} | ${mean(ps.map((p) => p.scores.all!.f1)).toFixed(3)} | ${share((p) => p.cachedF1)} → ${share((p) => p.scores.all!.f1)} |`);
  }
  return lines;
}

export function printReport(count: number, tag: string): void {
  const all = loadResults(tag);
  const measured = [...new Set(all.flatMap((p) => Object.keys(p.scores) as Variant[]))].filter((v) => v !== 'all');
  const sets = [...new Set(all.map((p) => p.set))].filter((s) => s !== 'daniel-dev');
  const decide = all.filter((p) => splitOf(p) === 'decide');
  const confirm = all.filter((p) => splitOf(p) === 'confirm');
  const out = [
    '## Replay with every pass on', '', ...baseline(all), '',
    `## Deciding pages (${decide.length}: training pages and half of each dev set by site)`, '',
    'Cell: gain of the pass in mean F1 / change it makes in the share of pages > 0.2 below Readability.js / change in leftover lines per page (pages it acts on). `·`: acts on no page.', '',
    ...passTable(decide, sets, measured), '',
    `## Confirming half (${confirm.length} pages, looked at once)`, '', ...passTable(confirm, sets.filter((s) => s !== 'wcxb-dev-train'), measured), '',
    '## Per page type (WCXB pages, deciding split): gain in mean F1 (pages it acts on)', '', ...typeTable(decide, measured), '',
    '## daniel-dev per language (evaluation only)', '', ...languages(all.filter((p) => p.set === 'daniel-dev')), '',
    `## Pages each pass moves most (all pages but daniel-dev; F1 with minus without, chars without→with)`, '', ...moved(all.filter((p) => p.set !== 'daniel-dev'), count, measured),
  ];
  console.log(out.join('\n'));
}

if (process.argv[1]?.endsWith('ablate-report.ts')) {
  const { values } = parseArgs({ options: { tag: { type: 'string', default: 'before' }, moved: { type: 'string', default: '5' } } });
  printReport(Number(values.moved), values.tag!);
}
