/**
 * Compares two dumps of tools/verdicts.ts page by page: the Markdown output and each block's kept/cause.
 *   npx tsx tools/verdicts-diff.ts BEFORE.jsonl AFTER.jsonl
 * Prints one line per differing page and a summary; stage names are listed apart (a refactor may rename them).
 */
import { readFileSync } from 'node:fs';

type Line = { dataset: string; id: string; md?: string; error?: string; blocks?: [number, boolean | null, string | null, string | null][] };

function load(path: string): Map<string, Line> {
  const out = new Map<string, Line>();
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as Line;
    out.set(`${line.dataset}/${line.id}`, line);
  }
  return out;
}

const [beforePath, afterPath] = process.argv.slice(2);
if (!beforePath || !afterPath) throw new Error('usage: verdicts-diff BEFORE.jsonl AFTER.jsonl');
const before = load(beforePath);
const after = load(afterPath);
let same = 0;
let differ = 0;
let missing = 0;
const stageRenames = new Map<string, number>();
for (const [key, b] of before) {
  const a = after.get(key);
  if (!a) {
    missing++;
    continue;
  }
  const problems: string[] = [];
  if (b.error || a.error) {
    if (b.error !== a.error) problems.push(`error: ${b.error ?? '-'} → ${a.error ?? '-'}`);
  } else {
    if (b.md !== a.md) problems.push('markdown differs');
    const blocks = Math.max(b.blocks!.length, a.blocks!.length);
    let verdicts = 0;
    for (let i = 0; i < blocks; i++) {
      const x = b.blocks![i];
      const y = a.blocks![i];
      if (!x || !y || x[1] !== y[1] || x[2] !== y[2]) verdicts++;
      else if (x[3] !== y[3]) stageRenames.set(`${x[3]} → ${y[3]}`, (stageRenames.get(`${x[3]} → ${y[3]}`) ?? 0) + 1);
    }
    if (verdicts) problems.push(`${verdicts} block verdicts differ`);
  }
  if (problems.length) {
    differ++;
    console.log(`${key}: ${problems.join('; ')}`);
  } else same++;
}
console.log(`${same} pages identical, ${differ} differ, ${missing} missing from the second dump (of ${before.size})`);
for (const [rename, n] of stageRenames) console.log(`stage name ${rename}: ${n} blocks`);
