/**
 * Mines SORE's known lines from TRAINING pages only (default ../shared/bench/train/wcxb-dev-train.jsonl.gz):
 * every segment of the structural result (as SORE cuts it) is labelled against the page's truth — absent:
 * boilerplate, present: content (src/sore/exemplars.ts) — deduplicated up to digits, and the most frequent of each
 * label kept up to a cap. Deterministic: same input, same file.
 * Each page's labelled lines are cached as it is read (node_modules/.cache/pith-mine-outliers/<input>.jsonl; delete
 * it after changing the structural pipeline or the segmentation), so a run can be stopped and resumed, and
 * --cached-only writes the file from the pages read so far. --from-html mines every page (cache unused) from the
 * text lines of their HTML (a coarse tag split, tools/lib/boilerplate-lines.ts, no rendering: every training page
 * in seconds, where rendering takes ~1 s per page on an idle machine and far more on a loaded one).
 *   npx tsx tools/mine-outliers.ts [--in FILE] [--limit N] [--boilerplate N] [--content N] [--cached-only | --from-html] [--out public/outlier-exemplars.json]
 */
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../vite.page.config';
import { resolveSoreParams } from '../src/sore/params';
import { candidateBlocks, segmentBlocks } from '../src/sore/segment';
import { EXEMPLARS_VERSION, exemplarKey, labelSegment, prepareTruth, type Exemplar, type ExemplarLabel, type ExemplarsFile } from '../src/sore/exemplars';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { exitCodeOf, parsePositiveInt, UsageError } from '../scripts/lib/cli-options';
import { inputRecords } from '../scripts/lib/extract-batch';
import { htmlLines } from './lib/boilerplate-lines';
import { readJsonLines } from '../scripts/lib/jsonl';
import { runStructural } from '../scripts/lib/in-page';
import { mapOrdered } from '../scripts/lib/ordered-map';
import { ensurePageBundle } from '../scripts/lib/page-bundle';
import { PagePool } from '../scripts/lib/page-pool';
import type { Extraction } from '../src/pipeline/types';
import { recordSource } from '../scripts/lib/page-source';

const DEFAULT_INPUT = resolve(PROJECT_ROOT, '../shared/bench/train/wcxb-dev-train.jsonl.gz');
const DEFAULT_OUT = resolve(PROJECT_ROOT, 'public/outlier-exemplars.json');
/** Caps per label: the index is embedded on first use per model, so it stays small. */
const DEFAULT_BOILERPLATE = 300;
const DEFAULT_CONTENT = 300;
/** Content lines longer than this are not kept: boilerplate is short, and the vote matters where lines are short. */
const MAX_CONTENT_CHARS = 160;
const MAX_EXEMPLAR_CHARS = 200;
const TIMEOUT_MS = 30_000;
const CACHE_DIR = resolve(PROJECT_ROOT, 'node_modules/.cache/pith-mine-outliers');

/** One training page's labelled lines (what the cache keeps per page). */
interface MinedPage {
  id: string;
  lines?: { text: string; label: ExemplarLabel }[];
  error?: string;
}

async function readCache(path: string): Promise<Map<string, MinedPage>> {
  const pages = new Map<string, MinedPage>();
  if (!existsSync(path)) return pages;
  for await (const line of readJsonLines(path)) if ('value' in line) pages.set((line.value as MinedPage).id, line.value as MinedPage);
  return pages;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Tally {
  text: string;
  label: ExemplarLabel;
  pages: Set<string>;
}

/** Stable pseudo-random order for ties (FNV-1a of the key). */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function pick(tallies: Tally[], cap: number): Exemplar[] {
  return tallies
    .sort((a, b) => b.pages.size - a.pages.size || hash(a.text) - hash(b.text) || (a.text < b.text ? -1 : 1))
    .slice(0, cap)
    .map((t) => ({ text: t.text, label: t.label, pages: t.pages.size }));
}

export function main(argv: string[]): Promise<number> {
  return exitCodeOf('mine-outliers', 'npx tsx tools/mine-outliers.ts [--in FILE] [--limit N] [--boilerplate N] [--content N] [--cached-only] [--out FILE]', async () => {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        strict: true,
        options: {
          in: { type: 'string', default: DEFAULT_INPUT },
          out: { type: 'string', default: DEFAULT_OUT },
          limit: { type: 'string' },
          boilerplate: { type: 'string', default: String(DEFAULT_BOILERPLATE) },
          content: { type: 'string', default: String(DEFAULT_CONTENT) },
          'cached-only': { type: 'boolean', default: false },
          'from-html': { type: 'boolean', default: false },
        },
      }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (!/\/train\//.test(resolve(values.in))) log(`warning: ${values.in} is not under a train/ directory; mine only training pages`);
    const limit = values.limit === undefined ? undefined : parsePositiveInt('--limit', values.limit);
    const params = resolveSoreParams({});
    mkdirSync(CACHE_DIR, { recursive: true });
    const cachePath = resolve(CACHE_DIR, `${basename(values.in).replace(/\.jsonl(\.gz)?$/, '')}.jsonl`);
    const cache = await readCache(cachePath);
    const tallies = new Map<string, Tally>();
    let pages = 0;
    let failed = 0;
    const tally = (page: MinedPage) => {
      if (!page.lines) {
        failed += 1;
        return;
      }
      pages += 1;
      for (const { text, label } of page.lines) {
        const key = `${label}:${exemplarKey(text)}`;
        const entry = tallies.get(key) ?? { text, label, pages: new Set<string>() };
        entry.pages.add(page.id);
        tallies.set(key, entry);
      }
    };
    const label = (id: string, truthText: string, texts: string[]): MinedPage => {
      const truth = prepareTruth(truthText);
      const lines: MinedPage['lines'] = [];
      for (const raw of texts) {
        const text = raw.replace(/\s+/g, ' ').trim();
        if (text.length > MAX_EXEMPLAR_CHARS) continue;
        const l = labelSegment(text, truth);
        if (!l || (l === 'content' && text.length > MAX_CONTENT_CHARS)) continue;
        lines.push({ text, label: l });
      }
      return { id, lines };
    };
    const segmentsOf = ({ snapshot, record, mainNode }: Extraction) =>
      segmentBlocks(candidateBlocks(snapshot, record, params, mainNode), snapshot.lang, params)
        .filter((s) => s.origin === 'kept')
        .map((s) => s.text);
    const pool = values['cached-only'] || values['from-html'] ? undefined : new PagePool(await ensurePageBundle(log), DEFAULT_VIEWPORT);
    let fromCache = 0;
    let fromHtml = 0;
    try {
      await mapOrdered(
        inputRecords(values.in, limit),
        2,
        async (item, worker): Promise<MinedPage | undefined> => {
          if (!('record' in item) || !item.record.truth_text) return undefined;
          const { record } = item;
          const cached = values['from-html'] ? undefined : cache.get(record.id);
          if (cached) return { ...cached, fromCache: true } as MinedPage;
          if (values['from-html']) return { ...label(record.id, record.truth_text ?? '', htmlLines(record.html ?? '')), fromHtml: true } as MinedPage;
          if (!pool) return undefined;
          try {
            const run = await pool.withPage(worker, recordSource(record.id, record.html, record.url), { pageScripts: false, timeoutMs: TIMEOUT_MS }, (page) => runStructural(page, 'text', true));
            if (!run.extraction) return { id: record.id, error: 'no extraction' };
            return label(record.id, record.truth_text ?? '', segmentsOf(run.extraction));
          } catch (error) {
            return { id: record.id, error: String(error) };
          }
        },
        (page) => {
          if (!page) return;
          if ('fromCache' in page) fromCache += 1;
          else if ('fromHtml' in page) fromHtml += 1;
          else appendFileSync(cachePath, `${JSON.stringify(page)}\n`);
          tally(page);
          if ((pages + failed) % 100 === 0) log(`${pages + failed} pages…`);
        },
      );
    } finally {
      await pool?.close();
    }
    if (fromCache > 0) log(`${fromCache} pages rendered earlier (${relative(process.cwd(), cachePath)})`);
    if (fromHtml > 0) log(`${fromHtml} pages mined from their HTML's text lines`);
    // A line labelled both ways on different pages says nothing: it is dropped from both.
    const keys = new Set([...tallies.keys()].map((k) => k.slice(k.indexOf(':') + 1)));
    const both = [...keys].filter((k) => tallies.has(`boilerplate:${k}`) && tallies.has(`content:${k}`));
    for (const k of both) {
      tallies.delete(`boilerplate:${k}`);
      tallies.delete(`content:${k}`);
    }
    const all = [...tallies.values()];
    const boilerplate = pick(all.filter((t) => t.label === 'boilerplate'), parsePositiveInt('--boilerplate', values.boilerplate));
    const content = pick(all.filter((t) => t.label === 'content'), parsePositiveInt('--content', values.content));
    const file: ExemplarsFile = {
      version: EXEMPLARS_VERSION,
      source: `${basename(values.in)}, ${pages} pages${limit ? ` (first ${limit})` : ''}${values['cached-only'] ? ' (those read so far)' : ''}${fromHtml > 0 ? ` (${fromCache} rendered, ${fromHtml} from their HTML's text lines)` : ''}`,
      exemplars: [...boilerplate, ...content],
    };
    await writeFile(values.out, `${JSON.stringify(file, null, 0).replace(/\},\{/g, '},\n{')}\n`);
    log(
      `${pages} pages (${failed} failed); ${all.filter((t) => t.label === 'boilerplate').length} boilerplate and ` +
        `${all.filter((t) => t.label === 'content').length} content lines (${both.length} ambiguous dropped); ` +
        `kept ${boilerplate.length} + ${content.length} → ${relative(process.cwd(), values.out)}`,
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
