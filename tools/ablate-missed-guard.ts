/**
 * Where the missed-listing and missed-sections passes act (issue 38): per page of the deciding and confirming halves,
 * what the structural stages kept before the page-type stage (prose, the page's title among the kept headings,
 * article metadata), the classifier's verdict, the card group, and the pass's gain in F1 on that page.
 *   nice -n 5 npx tsx tools/ablate-missed-guard.ts --shard 0/2      then  --summary decide|confirm
 * daniel-dev is read only with --evaluation (to see how the passes fail there, never to choose a cutoff).
 */
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { isKept } from '../src/decisions/record';
import type { DecisionRecord } from '../src/decisions/types';
import { classifyPage } from '../src/page-type/classify';
import { cardGroup } from '../src/page-type/listing-profile';
import { PROSE_MAX_LINK_SHARE, PROSE_MIN_CHARS, textAmount } from '../src/text/prose';
import { isChrome } from '../src/page-type/profiles';
import { memberOfBlocks, pageRepeats } from '../src/page-type/repeats';
import type { PageSnapshot } from '../src/snapshot/types';
import { ABLATE_CACHE_DIR } from './ablate-readability-text';
import { halfOf, replay, shardPages } from './ablate-passes';

const DEV_SETS = ['cleaneval-dev', 'cleanportaleval', 'readability', 'wcxb-dev-sample', 'wcxb-dev-train'];
const PASSES = ['missed-listing', 'missed-sections'] as const;

interface GuardPage {
  set: string;
  id: string;
  site: string;
  type: string;
  pass: (typeof PASSES)[number];
  gain: number;
  prose: number;
  kept: number;
  paragraphs: number;
  titleKept: boolean;
  articleMeta: string;
  verdict: string;
  pArticle: number;
  cards: number;
  cardLinkShare: number;
  /** Share of the page's visible text inside its marked frame (header, nav, footer, aside...). */
  frame: number;
}

function normal(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function keptShape(snapshot: PageSnapshot, record: DecisionRecord) {
  let prose = 0;
  let kept = 0;
  let paragraphs = 0;
  let titleKept = false;
  const title = normal(snapshot.metadata.title || '');
  for (const block of snapshot.blocks) {
    if (!block.visible || !isKept(record, block.id)) continue;
    kept += textAmount(block.text);
    if (block.kind !== 'text' || block.text.length < PROSE_MIN_CHARS || block.linkTextLength / block.text.length > PROSE_MAX_LINK_SHARE) continue;
    prose += textAmount(block.text);
    paragraphs++;
  }
  // The page's title as a heading in the last few visible blocks before the kept text, or among the kept ones.
  const firstKept = snapshot.blocks.find((b) => b.visible && isKept(record, b.id));
  let seen = 0;
  for (let i = (firstKept?.id ?? 0) + 3; i >= 0 && seen < 8; i--) {
    const block = snapshot.blocks[i];
    if (!block?.visible || !block.text) continue;
    seen++;
    const text = normal(block.text);
    if (block.kind === 'heading' && title && text.length >= 8 && (title.includes(text) || text.includes(title))) titleKept = true;
  }
  return { prose, kept, paragraphs, titleKept };
}

function articleMeta(snapshot: PageSnapshot): string {
  const m = snapshot.metadata;
  const parts: string[] = [];
  if (m.byline) parts.push('byline');
  if (m.publishedTime) parts.push('date');
  if (/article/i.test(m.openGraph['og:type'] ?? '')) parts.push('og:article');
  if ((m.jsonLdTypes ?? []).some((t) => /article|posting|blog/i.test(t))) parts.push('ld:article');
  return parts.join(',') || '-';
}

async function run(shard: string, sets: string[]): Promise<void> {
  const path = join(ABLATE_CACHE_DIR, `missed-guard-${sets.includes('daniel-dev') ? 'daniel-' : ''}${shard.replace('/', 'of')}.jsonl`);
  writeFileSync(path, '');
  for await (const { set, record, page, site } of shardPages(sets, shard, 2)) {
    const truth = record.truth_text!;
    const all = replay(page, 'all');
    const paths = new Set(all.ctx.record.runs.map((r) => r.path));
    const acting = PASSES.filter((p) => paths.has(`page-type:${p}`));
    if (acting.length === 0) continue;
    const before = replay(page, '-stage:page-type').ctx;
    const shape = keptShape(before.snapshot, before.record);
    const verdict = classifyPage(before.snapshot);
    const group = cardGroup(before.snapshot, pageRepeats(before.snapshot));
    let cardText = 0;
    let cardLinks = 0;
    if (group) {
      const member = memberOfBlocks(before.snapshot, group);
      for (const b of before.snapshot.blocks) if (member[b.id] >= 0 && b.visible) { cardText += b.text.length; cardLinks += b.linkTextLength; }
    }
    let all_ = 0;
    let framed = 0;
    for (const b of before.snapshot.blocks) if (b.visible && b.text) { all_ += b.text.length; if (isChrome(before.snapshot, b)) framed += b.text.length; }
    for (const pass of acting) {
      const without = replay(page, `-${pass}`);
      const gain = tokenPrf(all.text, truth).f1 - tokenPrf(without.text, truth).f1;
      const line: GuardPage = { set, id: record.id, site, type: record.page_type ?? '-', pass, gain, ...shape, articleMeta: articleMeta(before.snapshot), verdict: verdict.type, pArticle: verdict.probabilities.article, cards: group?.members.length ?? 0, cardLinkShare: cardText ? cardLinks / cardText : 0, frame: all_ ? framed / all_ : 0 };
      appendFileSync(path, `${JSON.stringify(line)}\n`);
    }
  }
}

function summary(split: string): void {
  const pages = readdirSync(ABLATE_CACHE_DIR).filter((f) => f.startsWith(split === 'evaluation' ? 'missed-guard-daniel-' : 'missed-guard-') && (split === 'evaluation' || !f.includes('daniel'))).flatMap((f) => readFileSync(join(ABLATE_CACHE_DIR, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as GuardPage));
  const chosen0 = split === 'evaluation' ? pages : pages.filter((p) => (split === 'decide' ? p.set === 'wcxb-dev-train' || halfOf(p.site) === 0 : p.set !== 'wcxb-dev-train' && halfOf(p.site) === 1));
  const chosen = chosen0;
  chosen.sort((a, b) => a.pass.localeCompare(b.pass) || a.prose - b.prose);
  for (const p of chosen) {
    console.log(`${p.pass.padEnd(16)} ${p.set.padEnd(16)} ${p.type.padEnd(14)} gain ${p.gain >= 0 ? '+' : ''}${p.gain.toFixed(3)} prose ${String(p.prose).padStart(6)} (${p.paragraphs} par) kept ${String(p.kept).padStart(6)} title ${p.titleKept ? 'Y' : 'n'} meta ${p.articleMeta.padEnd(22)} verdict ${p.verdict.padEnd(13)} pArt ${p.pArticle.toFixed(2)} cards ${p.cards} links ${p.cardLinkShare.toFixed(2)} frame ${p.frame.toFixed(2)}`);
  }
}

const { values } = parseArgs({ options: { shard: { type: 'string' }, summary: { type: 'string' }, evaluation: { type: 'boolean' } } });
if (values.summary) summary(values.summary);
else await run(values.shard ?? '0/1', values.evaluation ? ['daniel-dev'] : DEV_SETS);
