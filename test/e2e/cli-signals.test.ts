/**
 * End to end: `npm run extract` stops within 2 s on SIGINT / SIGTERM, keeps the batch lines it wrote (each a whole
 * JSON line) and leaves none of its Chromium processes running.
 * Run: node --import tsx --test test/e2e/cli-signals.test.ts
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from '../helpers/run-extract';

const EXTRACT = join(REPO, 'scripts/extract.ts');
const PAGES = 400;

function page(n: number): string {
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) => `<p>Report ${n}, paragraph ${i + 1}: the harbour board met again to weigh the cost of dredging the channel before winter storms.</p>`,
  );
  return `<!DOCTYPE html><html><head><title>Harbour report ${n}</title></head><body><nav><a href="/">Home</a><a href="/news">News</a></nav><article><h1>Harbour report ${n}</h1>${paragraphs.join('')}</article></body></html>`;
}

/** Every process below `root` (by parent pid), read from /proc. */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift() as number;
    for (const [pid, ppid] of parentOf) if (ppid === parent) (found.push(pid), queue.push(pid));
  }
  return found;
}

function isRunning(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm run extract on SIGINT / SIGTERM', () => {
  let dir = '';
  let input = '';

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pith-signals-'));
    input = join(dir, 'pages.jsonl');
    const lines = Array.from({ length: PAGES }, (_, n) => JSON.stringify({ id: `p${n}`, html: page(n) }));
    await writeFile(input, `${lines.join('\n')}\n`);
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops within 2 s on ${signal}, keeps whole lines, leaves no Chromium`, { timeout: 240_000 }, async () => {
      const out = join(dir, `${signal}.jsonl`);
      const child = spawn(process.execPath, ['--import', 'tsx', EXTRACT, '--in', input, '--out', out, '--quiet'], { cwd: REPO });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        child.on('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const pid = child.pid as number;

      // Wait until the batch is under way: some lines out and Chromium running.
      await waitFor(async () => existsSync(out) && (await readFile(out, 'utf8')).split('\n').length > 3, 180_000, 'the first lines');
      const browsers = descendants(pid).filter((p) => /chrom/i.test(commandOf(p)));
      assert.ok(browsers.length > 0, 'Chromium should be running under the CLI');

      const sent = Date.now();
      child.kill(signal);
      const { code, at } = await Promise.race([
        exited,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 10 s after ${signal}`)), 10_000)),
      ]).catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
      assert.ok(at - sent <= 2_000, `took ${at - sent} ms to stop after ${signal}`);
      assert.equal(code, signal === 'SIGINT' ? 130 : 143, stderr);
      assert.match(stderr, new RegExp(`${signal}: stopping`));

      await waitFor(() => browsers.every((p) => !isRunning(p)), 2_000, 'Chromium to end').catch(() => undefined);
      const left = browsers.filter(isRunning);
      assert.deepEqual(left, [], `Chromium processes left: ${left.map(commandOf).join('\n')}`);

      const text = await readFile(out, 'utf8');
      assert.ok(text.endsWith('\n'), 'the file ends with a whole line');
      const lines = text.trimEnd().split('\n');
      assert.ok(lines.length < PAGES, 'the batch was stopped before its end');
      lines.forEach((line, i) => {
        const prediction = JSON.parse(line) as { id: string; text: string };
        assert.equal(prediction.id, `p${i}`, 'lines are in input order');
        assert.ok(prediction.text.includes(`Report ${i}, paragraph 1`), `line ${i} holds its page's text`);
      });
    });
  }
});
