/** The benchmark's datasets: one <name>.jsonl.gz per dataset in the bench directory, streamed in turn. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Failure, UsageError } from './cli-options';
import { readJsonLines } from './jsonl';
import { toRecord, type RecordOrError } from './records';

const DATASET_SUFFIX = '.jsonl.gz';

export interface Dataset {
  name: string;
  path: string;
}

export type DatasetItem = { dataset: string; item: RecordOrError };

export async function findDatasets(dir: string, only: string[] | undefined): Promise<Dataset[]> {
  if (!existsSync(dir)) throw new Failure(`bench directory not found: ${dir}`);
  const all = (await readdir(dir))
    .filter((f) => f.endsWith(DATASET_SUFFIX))
    .sort()
    .map((f) => ({ name: f.slice(0, -DATASET_SUFFIX.length), path: join(dir, f) }));
  if (all.length === 0) throw new Failure(`no *${DATASET_SUFFIX} files in ${dir}`);
  if (!only) return all;
  const unknown = only.filter((name) => !all.some((d) => d.name === name));
  if (unknown.length) {
    throw new UsageError(`unknown dataset ${unknown.join(', ')} (in ${dir}: ${all.map((d) => d.name).join(', ')})`);
  }
  return all.filter((d) => only.includes(d.name));
}

/** All datasets as one stream, so workers stay busy across dataset boundaries. */
export async function* datasetItems(datasets: Dataset[], limit: number | undefined): AsyncGenerator<DatasetItem> {
  for (const dataset of datasets) {
    let count = 0;
    for await (const line of readJsonLines(dataset.path)) {
      if (limit !== undefined && count >= limit) break;
      count += 1;
      yield { dataset: dataset.name, item: toRecord(line) };
    }
  }
}
