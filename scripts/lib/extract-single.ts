/** `npm run extract -- <page.html | http://…>`: one page, printed or written in the chosen format. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { logSemanticReady, ModelPage } from './model-page';
import { Failure, oneLine } from './cli-options';
import { addSemantic, runStructural, wantsSemantic } from './in-page';
import { NodePerplexityLm, perplexityOption } from './perplexity-lm';
import type { ExtractJob } from './extract-job';
import { ensurePageBundle } from './page-bundle';
import { addDeepClean, deepCleanOf, NodeLm } from './deep-clean';
import { PagePool } from './page-pool';
import { fileSource, isWebUrl, type PageSource } from './page-source';

export interface SingleJob extends ExtractJob {
  out: string | undefined;
  /** undefined: on for live URLs, off for files. */
  pageScripts: boolean | undefined;
}

async function sourceFor(input: string): Promise<PageSource> {
  if (isWebUrl(input)) {
    if (!URL.canParse(input)) throw new Failure(`not a valid URL: ${input}`);
    return { kind: 'live', url: input };
  }
  const path = resolve(input);
  if (!existsSync(path)) throw new Failure(`file not found: ${input}`);
  return fileSource(path, await readFile(path));
}

export async function extractSingle(job: SingleJob, log: (line: string) => void): Promise<void> {
  const source = await sourceFor(job.input);
  const bundleDir = await ensurePageBundle(log);
  const consoleSink = job.quiet ? undefined : log;
  const pool = new PagePool(bundleDir, job.viewport, consoleSink);
  const models = job.semantic ? new ModelPage(bundleDir, job.semantic, consoleSink, (ready) => logSemanticReady(ready, log)) : undefined;
  const semantic = wantsSemantic(job.stages, models);
  const lm = job.llm ? new NodeLm(job.llm) : undefined;
  const perplexityLm = job.perplexityLm ? new NodePerplexityLm(job.perplexityLm) : undefined;
  try {
    const pageScripts = job.pageScripts ?? source.kind === 'live';
    const structural = await pool
      .withPage(0, source, { pageScripts, timeoutMs: job.timeoutMs + (lm?.options.timeoutMs ?? 0) }, async (page) => {
        await perplexityLm?.connect(page);
        const run = await runStructural(page, job.format, semantic || lm !== undefined, perplexityOption(job.stages, job.perplexityLm), job.exportOptions);
        return lm ? addDeepClean(page, run, job.format, lm, job.exportOptions, semantic) : run;
      })
      .catch((error: unknown) => {
        throw new Failure(`cannot read ${job.input}: ${oneLine(error)}`);
      });
    const run = semantic && models ? await addSemantic(structural, job.format, models, job.exportOptions) : structural;
    const deepClean = deepCleanOf(structural);
    if (deepClean) log(deepClean.reason);
    if (run.semanticError !== undefined) log(`semantic pass failed, showing the structural result: ${run.semanticError}`);
    const output = run.output.endsWith('\n') ? run.output : `${run.output}\n`;
    if (job.out) await writeFile(job.out, output);
    else process.stdout.write(output);
    log(`${run.mode} · ${Math.round(run.ms)} ms`);
  } finally {
    await pool.close();
    await models?.close();
  }
}
