/**
 * Reads the block model's labelled pages in headless Chromium into the cache (scripts/lib/block-pages.ts).
 *   npm run train:blocks:take -- [--sets a,b] [--limit N] [--concurrency N]
 * Resumes where it stopped; pages already cached are not read again. The training set is read without the baselines.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SCORED_ONLY_SETS, TRAINING_SETS, takePages } from './lib/block-pages';

const log = (line: string): void => void process.stderr.write(`${line}\n`);

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { sets: { type: 'string' }, limit: { type: 'string' }, concurrency: { type: 'string', default: '2' } } });
  const sets = values.sets?.split(',') ?? [...TRAINING_SETS, ...SCORED_ONLY_SETS];
  for (const name of sets) {
    await takePages(name, { concurrency: Number(values.concurrency), limit: values.limit ? Number(values.limit) : undefined, baselines: name !== 'wcxb-dev-train', log });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`train-blocks-take: ${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
}
