/**
 * Golden pages (test/golden/, see scripts/lib/golden.ts).
 *   npm run golden:add -- FILE.html [...]   make a golden page of each saved page (slug: the file name; a page
 *                                         under test/fixtures/ is named in source.path, not copied)
 *   npm run golden:update [-- SLUG ...]     rewrite the expectations from the current code (review the diff)
 *   npm run golden:check                    compare without writing; exit 1 on any difference
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { readGoldens } from './lib/golden-chromium';
import { GOLDEN_DIR, goldenSlugs, readExpected, writeGolden, type GoldenOutput } from './lib/golden-files';

function slugOf(file: string): string {
  return basename(file).replace(/\.html?$/i, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function differences(expected: GoldenOutput, actual: GoldenOutput): string[] {
  const out: string[] = [];
  if (expected.md !== actual.md) out.push('expected.md differs');
  if (JSON.stringify(expected.removals) !== JSON.stringify(actual.removals)) out.push('expected-removals.json differs');
  return out;
}

const [command, ...args] = process.argv.slice(2);
if (command === 'add') {
  if (args.length === 0) throw new Error('usage: npm run golden:add -- FILE.html [...]');
  const slugs = args.map((file) => {
    const slug = slugOf(file);
    const dir = join(GOLDEN_DIR, slug);
    if (existsSync(dir)) throw new Error(`test/golden/${slug} exists already`);
    mkdirSync(dir, { recursive: true });
    // A fixture page other tests read is named, not copied; any other page is copied in.
    const inProject = relative(process.cwd(), resolve(file));
    if (inProject.startsWith('test/fixtures/')) writeFileSync(join(dir, 'source.path'), `${inProject}\n`);
    else copyFileSync(file, join(dir, 'source.html'));
    return slug;
  });
  for (const [slug, { output, snapshot }] of await readGoldens(slugs, { snapshots: true })) {
    writeGolden(slug, output, snapshot!);
    console.log(`added test/golden/${slug}`);
  }
} else if (command === 'update' || command === 'check') {
  const slugs = args.length ? args : goldenSlugs();
  const read = await readGoldens(slugs, { snapshots: command === 'update' });
  let changed = 0;
  for (const slug of slugs) {
    const { output, snapshot } = read.get(slug)!;
    const diffs = existsSync(join(GOLDEN_DIR, slug, 'expected.md')) ? differences(readExpected(slug), output) : ['no expectations yet'];
    if (diffs.length === 0) continue;
    changed++;
    console.log(`${slug}: ${diffs.join(', ')}`);
    if (command === 'update') writeGolden(slug, output, snapshot!);
  }
  console.log(`${slugs.length} golden pages, ${changed} ${command === 'update' ? 'rewritten' : 'differ'}`);
  if (command === 'check' && changed > 0) process.exitCode = 1;
} else {
  throw new Error('usage: golden add FILE... | update [SLUG...] | check');
}
