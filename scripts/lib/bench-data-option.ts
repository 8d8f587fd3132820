/**
 * `npm run bench -- --data my-pages.jsonl`: score Pith on pages its users labelled with the annotator's Export
 * (one line per page in the benchmark's format, plain or gzipped). The file is one dataset, named after it.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { labelledPageProblem } from '../../src/corrections/labelled-data';
import { Failure } from './cli-options';
import type { Dataset } from './bench-datasets';
import { readJsonLines } from './jsonl';

export const DATA_HELP = 'a .jsonl(.gz) file of labelled pages (the annotator\'s Export) instead of the bench directory';

/** The labelled-pages file as a dataset, after checking every line (a bad line is named with its reason). */
export async function dataFileDataset(path: string): Promise<Dataset> {
  const file = resolve(path);
  if (!existsSync(file) || !statSync(file).isFile()) throw new Failure(`--data: no such file: ${path}`);
  let lines = 0;
  for await (const line of readJsonLines(file)) {
    if ('error' in line) throw new Failure(`--data ${path}: line ${line.lineNumber} is not JSON (${line.error})`);
    const problem = labelledPageProblem(line.value);
    if (problem) throw new Failure(`--data ${path}: line ${line.lineNumber} is not a labelled page: ${problem}`);
    lines += 1;
  }
  if (lines === 0) throw new Failure(`--data ${path}: the file has no pages`);
  return { name: basename(file).replace(/\.jsonl(\.gz)?$/i, ''), path: file };
}
