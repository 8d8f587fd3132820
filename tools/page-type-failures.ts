/**
 * What one WCXB page type loses, page by page (issue 38: documentation and product below Defuddle): replays the
 * cached Chromium reads of the training pages of the given types (tools/ablate-passes.ts `replay`, every pass on)
 * and writes, per page, its half (by site, tools/ablate-passes.ts `halfOf`: 0 decides, 1 confirms), its scores, and
 * every visible block with its verdict, the stage and reason that decided it, and the share of its tokens the truth
 * holds; beside them Readability.js's and Defuddle's F1 read in Node (linkedom) from the page's HTML as served.
 *   nice -n 10 npx tsx tools/page-type-failures.ts dump --types documentation,product [--tag base] [--half 0]
 *   npx tsx tools/page-type-failures.ts summary [--tag base] [--half 0]      (per type and half: F1, baselines)
 *   npx tsx tools/page-type-failures.ts page <id> [--tag base] [--all]       (a page's wrongly kept and dropped blocks)
 *   npx tsx tools/page-type-failures.ts ancestors <id> <block>…              (the elements around blocks of a deciding page)
 * Output: node_modules/.cache/pith-ablate/ptf-<tag>.jsonl; baselines cached in ptf-baselines.jsonl.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseHTML } from 'linkedom';
import { Defuddle } from 'defuddle/node';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { Readability } from '@mozilla/readability';
import { htmlToText } from '../bench/lib/baselines/html-text';
import type { PageSnapshot } from '../src/snapshot/types';
import { blockShares, truthIndex } from '../scripts/lib/block-labels';
import { readCachedPages, readRecords, type BenchRecord } from '../scripts/lib/block-pages';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, replay, siteOf } from './ablate-passes';

interface BlockRow {
  id: number;
  tag: string;
  path: string;
  text: string;
  kept: boolean;
  share: number;
  stage: string;
  reason: string;
  links: number;
  chars: number;
  /** The elements around the block, nearest first (tag[id/class words]), up to eight. */
  around: string;
}

interface PageRow {
  id: string;
  site: string;
  half: 0 | 1;
  type: string;
  f1: number;
  precision: number;
  recall: number;
  chars: number;
  truthChars: number;
  rjsF1: number | null;
  defuddleF1: number | null;
  pageType: string;
  blocks: BlockRow[];
}

const BASELINES = join(ABLATE_CACHE_DIR, 'ptf-baselines.jsonl');

function readBaselines(): Map<string, { rjs: string; defuddle: string }> {
  const out = new Map<string, { rjs: string; defuddle: string }>();
  if (!existsSync(BASELINES)) return out;
  for (const line of readFileSync(BASELINES, 'utf8').split('\n')) if (line) {
    const v = JSON.parse(line) as { id: string; rjs: string; defuddle: string };
    out.set(v.id, v);
  }
  return out;
}

async function baselineTexts(record: BenchRecord): Promise<{ rjs: string; defuddle: string }> {
  const read = () => parseHTML(record.html).document as unknown as Document;
  let rjs = '';
  let defuddle = '';
  try {
    // Readability.js on its own parse of the page (linkedom cannot clone a document, as the benchmark's wrapper does).
    rjs = htmlToText(new Readability(read()).parse()?.content ?? '', read());
  } catch { /* a page Readability cannot read scores 0 */ }
  try {
    const result = await Defuddle(read(), record.url ?? 'https://example.com/');
    defuddle = htmlToText(result.content ?? '', read());
  } catch { /* as above */ }
  return { rjs, defuddle };
}

function around(snapshot: PageSnapshot, node: number): string {
  const chain: string[] = [];
  for (let n = node; n > 0 && chain.length < 8; n = snapshot.nodes[n]!.parent) chain.push(`${snapshot.nodes[n]!.tag}[${snapshot.nodes[n]!.hint.slice(0, 60)}]`);
  return chain.join(' < ');
}

async function dump(types: Set<string>, tag: string, half: number | null): Promise<void> {
  mkdirSync(ABLATE_CACHE_DIR, { recursive: true });
  const path = join(ABLATE_CACHE_DIR, `ptf-${tag}.jsonl`);
  writeFileSync(path, '');
  const baselines = readBaselines();
  const records = (await readRecords('wcxb-dev-train')).filter((r) => types.has(r.page_type ?? ''));
  const cached = await readCachedPages('wcxb-dev-train');
  for (const record of records) {
    const page = cached.get(record.id);
    if (!page || !record.truth_text) continue;
    const site = siteOf(record.url ?? page.snapshot.url, record.id);
    const pageHalf = halfOf(site);
    if (half !== null && pageHalf !== half) continue;
    let base = baselines.get(record.id);
    if (!base) {
      base = await baselineTexts(record);
      appendFileSync(BASELINES, `${JSON.stringify({ id: record.id, ...base })}\n`);
    }
    const { text, ctx } = replay(page, 'all');
    const truth = record.truth_text;
    const score = tokenPrf(text, truth);
    const blocks = ctx.snapshot.blocks;
    const shares = blockShares(blocks.map((b) => b.text), truthIndex(truth));
    const rows: BlockRow[] = blocks.filter((b) => b.visible && b.text).map((b) => {
      const d = ctx.record.decisions[b.id];
      return { id: b.id, tag: b.tag, path: b.path, text: b.text.slice(0, 160), kept: !!d?.kept, share: shares[b.id]!, stage: d?.stage ?? '-', reason: (d?.reason ?? '').slice(0, 90), links: b.text.length ? b.linkTextLength / b.text.length : 0, chars: b.text.length, around: around(ctx.snapshot, b.node) };
    });
    const row: PageRow = {
      id: record.id, site, half: pageHalf, type: record.page_type!, f1: score.f1, precision: score.precision, recall: score.recall,
      chars: text.length, truthChars: truth.length, rjsF1: tokenPrf(base.rjs, truth).f1, defuddleF1: tokenPrf(base.defuddle, truth).f1,
      pageType: ctx.pageType ? `${ctx.pageType.type} ${ctx.pageType.confidence.toFixed(2)}` : '-', blocks: rows,
    };
    appendFileSync(path, `${JSON.stringify(row)}\n`);
  }
}

function load(tag: string): PageRow[] {
  return readFileSync(join(ABLATE_CACHE_DIR, `ptf-${tag}.jsonl`), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as PageRow);
}

function summary(tag: string, half: number | null): void {
  const pages = load(tag).filter((p) => half === null || p.half === half);
  const mean = (ps: PageRow[], f: (p: PageRow) => number) => (ps.reduce((s, p) => s + f(p), 0) / (ps.length || 1)).toFixed(3);
  for (const type of [...new Set(pages.map((p) => p.type))]) for (const h of [0, 1]) {
    const ps = pages.filter((p) => p.type === type && p.half === h);
    if (!ps.length) continue;
    console.log(`${type} half ${h}: ${ps.length} pages, ${new Set(ps.map((p) => p.site)).size} sites; Pith F1 ${mean(ps, (p) => p.f1)} P ${mean(ps, (p) => p.precision)} R ${mean(ps, (p) => p.recall)}; Readability.js ${mean(ps, (p) => p.rjsF1 ?? 0)}; Defuddle ${mean(ps, (p) => p.defuddleF1 ?? 0)}`);
    if (h !== 0) continue; // the confirming half is scored, never looked at page by page
    for (const p of [...ps].sort((a, b) => a.f1 - b.f1)) {
      const wrong = p.blocks.filter((b) => b.kept && b.share >= 0 && b.share < 0.5).reduce((s, b) => s + b.text.length, 0);
      const lost = p.blocks.filter((b) => !b.kept && b.share >= 0.5).reduce((s, b) => s + b.text.length, 0);
      console.log(`  ${p.id} ${p.site.padEnd(32)} F1 ${p.f1.toFixed(3)} P ${p.precision.toFixed(3)} R ${p.recall.toFixed(3)} rjs ${(p.rjsF1 ?? 0).toFixed(3)} def ${(p.defuddleF1 ?? 0).toFixed(3)} [${p.pageType}] wrongly kept ~${wrong} lost ~${lost}`);
    }
  }
}

function showPage(tag: string, id: string, all: boolean): void {
  const p = load(tag).find((x) => x.id === id);
  if (!p) throw new Error(`no page ${id} in ${tag}`);
  if (p.half !== 0) throw new Error(`${id} is on the confirming half`);
  console.log(`${p.id} ${p.site} ${p.type} F1 ${p.f1.toFixed(3)} P ${p.precision.toFixed(3)} R ${p.recall.toFixed(3)} [${p.pageType}]`);
  for (const b of p.blocks) {
    const wrong = b.kept ? b.share >= 0 && b.share < 0.5 : b.share >= 0.5;
    if (!all && !wrong) continue;
    console.log(`${wrong ? (b.kept ? '+' : '-') : ' '}${b.kept ? 'K' : '.'} ${String(b.id).padStart(4)} ${b.share.toFixed(2)} ${b.tag.padEnd(6)} ${b.stage}: ${b.reason.slice(0, 50).padEnd(50)} | ${b.text.slice(0, 110)}`);
  }
}

/** The elements around some blocks of a deciding page (tag, id/class words), outermost first. */
async function ancestors(id: string, blockIds: number[]): Promise<void> {
  const page = (await readCachedPages('wcxb-dev-train')).get(id);
  if (!page) throw new Error(`no cached page ${id}`);
  if (halfOf(siteOf(page.snapshot.url, id)) !== 0) throw new Error(`${id} is on the confirming half`);
  for (const blockId of blockIds) {
    const block = page.snapshot.blocks[blockId]!;
    const chain: string[] = [];
    for (let n = block.node; n >= 0; n = page.snapshot.nodes[n]!.parent) chain.unshift(`${page.snapshot.nodes[n]!.tag}${page.snapshot.nodes[n]!.hint ? `[${page.snapshot.nodes[n]!.hint.slice(0, 50)}]` : ''}`);
    console.log(`${blockId} ${block.tag} ${block.text.slice(0, 50)}\n   ${chain.join(' > ')}`);
  }
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { types: { type: 'string', default: 'documentation,product' }, tag: { type: 'string', default: 'base' }, half: { type: 'string' }, all: { type: 'boolean' } } });
const half = values.half === undefined ? null : Number(values.half);
if (positionals[0] === 'dump') await dump(new Set(values.types!.split(',')), values.tag!, half);
else if (positionals[0] === 'summary') summary(values.tag!, half);
else if (positionals[0] === 'page') showPage(values.tag!, positionals[1]!, !!values.all);
else if (positionals[0] === 'ancestors') await ancestors(positionals[1]!, positionals.slice(2).map(Number));
else throw new Error('usage: page-type-failures.ts dump|summary|page <id>');
