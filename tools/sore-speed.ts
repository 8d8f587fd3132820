/**
 * Times the semantic pass alone, on the structural extractions of benchmark pages, in the CLI's model page (the
 * offscreen document's stand-in). The extractions are made once and kept in a cache directory, so a change to the
 * pass can be timed again without re-reading the pages; each page's text after the pass is written out, so two
 * runs can be checked for identical results (`--compare FILE`). Besides the wall times of the pass and its parts,
 * `sore.cpu` is the CPU time of the model page's renderer for the whole call (pass, formatting, messaging): on a
 * loaded machine the figure to compare.
 *
 *   npx tsx tools/sore-speed.ts --datasets cleaneval-dev,wcxb-dev-sample --limit 20 --embedder use-lite --out after.json
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Extraction } from '../src/pipeline/types';
import { percentile } from '../bench/lib/scoring/aggregate';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { datasetItems, findDatasets } from '../scripts/lib/bench-datasets';
import { runStructural } from '../scripts/lib/in-page';
import { ModelPage, logSemanticReady } from '../scripts/lib/model-page';
import { ensurePageBundle } from '../scripts/lib/page-bundle';
import { PagePool } from '../scripts/lib/page-pool';
import { recordSource } from '../scripts/lib/page-source';

const USAGE = `Usage: npx tsx tools/sore-speed.ts [--datasets a,b] [--limit N] [--embedder SPEC] [--cache DIR] [--out FILE] [--compare FILE]

Times the semantic pass (SORE) per page on cached structural extractions of benchmark pages and prints median / p95
of the pass and its parts. --out writes each page's text and timings; --compare counts pages whose text differs.`;

interface PageTiming {
  page: string;
  timings: Record<string, number>;
  note: string;
  textHash: string;
  error?: string;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

function parse(argv: string[]) {
  const args = { datasets: ['cleaneval-dev', 'wcxb-dev-sample'], limit: 20, embedder: 'use-lite', cache: '/tmp/pith-sore-extractions', out: '', compare: '', benchDir: '../shared/bench' };
  for (let i = 0; i < argv.length; i++) {
    const value = () => argv[++i] ?? '';
    switch (argv[i]) {
      case '--datasets': args.datasets = value().split(','); break;
      case '--limit': args.limit = Number(value()); break;
      case '--embedder': args.embedder = value(); break;
      case '--cache': args.cache = value(); break;
      case '--out': args.out = value(); break;
      case '--compare': args.compare = value(); break;
      case '--bench-dir': args.benchDir = value(); break;
      case '-h': case '--help': process.stdout.write(`${USAGE}\n`); process.exit(0); break;
      default: throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  return args;
}

/** The structural extraction of every page, read from the cache or made (and cached) once. */
async function extractions(args: ReturnType<typeof parse>, bundleDir: string): Promise<{ page: string; extraction: Extraction }[]> {
  await mkdir(args.cache, { recursive: true });
  const out: { page: string; extraction: Extraction }[] = [];
  let pool: PagePool | undefined;
  try {
    for await (const { dataset, item } of datasetItems(await findDatasets(args.benchDir, args.datasets), args.limit)) {
      if (!('record' in item)) continue;
      const page = `${dataset}/${item.record.id}`;
      const file = join(args.cache, `${page.replace(/[^a-z0-9.-]+/gi, '_')}.json`);
      if (existsSync(file)) {
        out.push({ page, extraction: JSON.parse(await readFile(file, 'utf8')) as Extraction });
        continue;
      }
      pool ??= new PagePool(bundleDir, DEFAULT_VIEWPORT);
      try {
        const run = await pool.withPage(0, recordSource(item.record.id, item.record.html, item.record.url), { pageScripts: false, timeoutMs: 60_000 }, (p) => runStructural(p, 'text', true));
        if (!run.extraction) continue;
        await writeFile(file, JSON.stringify(run.extraction));
        out.push({ page, extraction: run.extraction });
      } catch (error) {
        log(`${page}: no structural extraction (${String(error)})`);
      }
    }
  } finally {
    await pool?.close();
  }
  return out;
}

export async function main(argv: string[]): Promise<void> {
  const args = parse(argv);
  const bundleDir = await ensurePageBundle(log);
  const pages = await extractions(args, bundleDir);
  log(`${pages.length} structural extractions (cache ${args.cache})`);
  const models = new ModelPage(bundleDir, { embedder: args.embedder });
  const results: PageTiming[] = [];
  try {
    logSemanticReady(await models.whenReady(), log);
    for (const { page, extraction } of pages) {
      const cpuBefore = await models.rendererCpuMs();
      const run = await models.run(extraction, 'text');
      run.timings['sore.cpu'] = (await models.rendererCpuMs()) - cpuBefore;
      const note = run.runs.find((r) => r.stage === 'sore')?.note ?? '';
      results.push({ page, timings: run.timings, note, textHash: createHash('sha256').update(run.output).digest('hex').slice(0, 16), error: run.error });
      log(`${page}: sore ${Math.round(run.timings.sore ?? NaN)} ms (embed ${Math.round(run.timings['sore.embed'] ?? NaN)}, CPU ${Math.round(run.timings['sore.cpu'])}) ${note.replace(/^.*?(segments:)/, '$1')}`);
    }
  } finally {
    await models.close();
  }
  const keys = [...new Set(results.flatMap((r) => Object.keys(r.timings).filter((k) => k === 'sore' || k.startsWith('sore.'))))];
  process.stdout.write(`\nembedder ${args.embedder}, ${results.length} pages (${args.datasets.join(', ')}, first ${args.limit} each)\n\n| part | median ms | p95 ms |\n|---|---|---|\n`);
  for (const key of keys) {
    const values = results.flatMap((r) => (r.timings[key] === undefined ? [] : [r.timings[key]]));
    process.stdout.write(`| ${key} | ${percentile(values, 0.5).toFixed(0)} | ${percentile(values, 0.95).toFixed(0)} |\n`);
  }
  const failed = results.filter((r) => r.error !== undefined);
  process.stdout.write(`\npasses that kept the structural result: ${failed.length}${failed.map((f) => `\n- ${f.page}: ${f.error}`).join('')}\n`);
  if (args.out) await writeFile(args.out, JSON.stringify(results, null, 1));
  if (args.compare) {
    const before = new Map((JSON.parse(await readFile(args.compare, 'utf8')) as PageTiming[]).map((r) => [r.page, r.textHash]));
    const differ = results.filter((r) => before.has(r.page) && before.get(r.page) !== r.textHash);
    process.stdout.write(`pages whose text differs from ${args.compare}: ${differ.length} of ${results.filter((r) => before.has(r.page)).length}${differ.map((d) => `\n- ${d.page}`).join('')}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main(process.argv.slice(2));
}
