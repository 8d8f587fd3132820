/**
 * Where the pipeline keeps text the truth lacks (issue 38, precision): replays the cached Chromium reads with every
 * pass on (tools/ablate-passes.ts `replay`) and, per page, attributes the characters of kept blocks the truth does not
 * hold (share < 0.5, scripts/lib/block-labels.ts) to the stage and pass that kept them, with the page-type verdict.
 *   nice -n 5 npx tsx tools/ablate-diagnose.ts --shard 0/2 [--sets a,b] [--train-every 2] [--tag diag]
 *   npx tsx tools/ablate-diagnose.ts --summary [--tag diag]
 * daniel-dev is never read here (evaluation only).
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Decision } from '../src/decisions/types';
import { isProse, textAmount } from '../src/text/prose';
import type { Block } from '../src/snapshot/types';
import { classifyPage } from '../src/page-type/classify';
import { blockShares, CONTENT_SHARE, truthIndex } from '../scripts/lib/block-labels';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, replay, shardPages } from './ablate-passes';

const DIAG_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample', 'wcxb-dev-train'];

/** Who kept a block: the deciding stage and the start of its reason (up to the first colon or parenthesis). */
export function keeper(d: Decision | undefined): string {
  if (!d) return 'none';
  return `${d.stage}: ${d.reason.split(/[:(]/)[0]!.trim().slice(0, 60)}`;
}

interface PageDiag {
  set: string;
  id: string;
  site: string;
  type: string;
  verdict: string;
  confidence: number;
  keptChars: number;
  wrongChars: number;
  /** Wrongly kept characters by keeper. */
  wrongBy: Record<string, number>;
  /** Wrongly kept characters by shape: link share, length and place relative to the article's prose. */
  wrongShape: Record<string, number>;
  /** Rightly kept characters by the same shape (what a rule on that shape would cost). */
  rightShape: Record<string, number>;
}

/** A block's shape: mostly links or not, short or long, before, among or after the kept prose. */
function shape(block: Block, index: number, firstProse: number, lastProse: number): string {
  const links = block.text.length && block.linkTextLength / block.text.length >= 0.5 ? 'links' : 'text';
  const size = textAmount(block.text) <= 200 ? 'short' : 'long';
  const place = firstProse < 0 ? 'no-prose' : index < firstProse ? 'before' : index > lastProse ? 'after' : 'among';
  return `${links}/${size}/${place}`;
}

async function run(sets: string[], shard: string, tag: string, trainEvery: number): Promise<void> {
  mkdirSync(ABLATE_CACHE_DIR, { recursive: true });
  const path = join(ABLATE_CACHE_DIR, `diagnose-${tag}-${shard.replace('/', 'of')}.jsonl`);
  writeFileSync(path, '');
  for await (const { set, record, page, site } of shardPages(sets, shard, trainEvery)) {
    const { ctx } = replay(page, 'all');
    const blocks = ctx.snapshot.blocks;
    const shares = blockShares(blocks.map((b) => b.text), truthIndex(record.truth_text!));
    const verdict = classifyPage(ctx.snapshot);
    const diag: PageDiag = { set, id: record.id, site, type: record.page_type ?? '-', verdict: verdict.type, confidence: verdict.confidence, keptChars: 0, wrongChars: 0, wrongBy: {}, wrongShape: {}, rightShape: {} };
    const keptBlocks = blocks.filter((b) => b.visible && b.text && ctx.record.decisions[b.id]?.kept);
    const firstProse = keptBlocks.findIndex(isProse);
    const lastProse = keptBlocks.findLastIndex(isProse);
    keptBlocks.forEach((b, i) => {
      if (shares[b.id] === -1) return;
      const where = shares[b.id]! >= CONTENT_SHARE ? diag.rightShape : diag.wrongShape;
      const k = shape(b, i, firstProse, lastProse);
      where[k] = (where[k] ?? 0) + b.text.length;
    });
    for (const b of blocks) {
      const d = ctx.record.decisions[b.id];
      if (!d?.kept || !b.visible) continue;
      diag.keptChars += b.text.length;
      if (shares[b.id]! >= CONTENT_SHARE || shares[b.id] === -1) continue;
      diag.wrongChars += b.text.length;
      const k = keeper(d);
      diag.wrongBy[k] = (diag.wrongBy[k] ?? 0) + b.text.length;
    }
    appendFileSync(path, `${JSON.stringify(diag)}\n`);
  }
}

function summary(tag: string): void {
  const files = existsSync(ABLATE_CACHE_DIR) ? readdirSync(ABLATE_CACHE_DIR).filter((f) => f.startsWith(`diagnose-${tag}-`)) : [];
  const pages: PageDiag[] = files.flatMap((f) => readFileSync(join(ABLATE_CACHE_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as PageDiag));
  const decide = pages.filter((p) => p.set === 'wcxb-dev-train' || halfOf(p.site) === 0);
  console.log(`deciding pages: ${decide.length} of ${pages.length}`);
  const articles = decide.filter((p) => p.type === 'article');
  const byVerdict: Record<string, number> = {};
  for (const p of articles) byVerdict[p.verdict] = (byVerdict[p.verdict] ?? 0) + 1;
  console.log(`WCXB article pages (deciding): ${articles.length}; classified as`, byVerdict);
  for (const group of [['all', decide], ['wcxb article', articles], ['non-wcxb', decide.filter((p) => p.type === '-')]] as const) {
    const by: Record<string, number> = {};
    let wrong = 0;
    let kept = 0;
    for (const p of group[1]) {
      wrong += p.wrongChars;
      kept += p.keptChars;
      for (const [k, c] of Object.entries(p.wrongBy)) by[k] = (by[k] ?? 0) + c;
    }
    console.log(`\n## ${group[0]}: ${group[1].length} pages, kept ${kept} chars, wrongly kept ${wrong} (${((100 * wrong) / kept).toFixed(1)} %)`);
    for (const [k, c] of Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${c.toString().padStart(9)}  ${k}`);
    const wrongS: Record<string, number> = {};
    const rightS: Record<string, number> = {};
    for (const p of group[1]) {
      for (const [k, c] of Object.entries(p.wrongShape ?? {})) wrongS[k] = (wrongS[k] ?? 0) + c;
      for (const [k, c] of Object.entries(p.rightShape ?? {})) rightS[k] = (rightS[k] ?? 0) + c;
    }
    console.log('shape: wrongly kept / rightly kept chars');
    for (const k of Object.keys({ ...wrongS, ...rightS }).sort()) console.log(`${(wrongS[k] ?? 0).toString().padStart(9)} / ${(rightS[k] ?? 0).toString().padStart(9)}  ${k}`);
  }
}

const { values } = parseArgs({ options: { shard: { type: 'string', default: '0/1' }, sets: { type: 'string' }, tag: { type: 'string', default: 'diag' }, 'train-every': { type: 'string', default: '2' }, summary: { type: 'boolean' } } });
if (values.summary) summary(values.tag!);
else await run(values.sets ? values.sets.split(',') : DIAG_SETS, values.shard!, values.tag!, Number(values['train-every']));
