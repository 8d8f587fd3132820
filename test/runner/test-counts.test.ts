/**
 * Self-test of the runner's counting (scripts/lib/test-counts.ts, used by scripts/test.sh): real vitest and real
 * node:test run throwaway files in a temporary directory, with the same reporters test.sh uses. A file that throws
 * on import, a test that hangs past its time-out and a failing hook must each be counted as a failure; a clean file
 * must count as passed with no failure (so the check is not "always fails").
 *
 *   node --import tsx --test test/runner/test-counts.test.ts
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { countReport, type Counts } from '../../scripts/lib/test-counts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const T = { timeout: 120_000 };

const VITEST_FILES: Record<string, string> = {
  crash: `throw new Error('thrown while the file is imported');\n`,
  hang: `import { test } from 'vitest';\ntest('never settles', () => new Promise(() => {}), 300);\n`,
  hook: `import { beforeAll, expect, test } from 'vitest';\nbeforeAll(() => { throw new Error('setup failed'); });\ntest('one', () => expect(1).toBe(1));\ntest('two', () => expect(2).toBe(2));\n`,
  clean: `import { expect, test } from 'vitest';\ntest('adds', () => expect(1 + 1).toBe(2));\ntest.skip('skipped on purpose', () => {});\ntest.todo('later');\n`,
};

const NODE_FILES: Record<string, string> = {
  crash: `throw new Error('thrown while the file is imported');\n`,
  hang: `import { test } from 'node:test';\ntest('never settles', { timeout: 200 }, () => new Promise(() => {}));\n`,
  hook: `import { before, describe, test } from 'node:test';\nbefore(() => { throw new Error('setup failed'); });\ntest('one', () => {});\ndescribe('group', () => { test('two', () => {}); });\n`,
  clean: `import { test } from 'node:test';\ntest('adds', () => {});\ntest.skip('skipped on purpose', () => {});\ntest.todo('later');\n`,
};

let dir: string;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'pith-runner-selftest-'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** vitest as test.sh runs it (JSON report), on one throwaway file. */
function runVitest(kind: string): Counts {
  const sub = mkdtempSync(join(dir, `vitest-${kind}-`));
  writeFileSync(join(sub, `${kind}.test.ts`), VITEST_FILES[kind]);
  writeFileSync(join(sub, 'vitest.config.mjs'), 'export default { test: { include: ["*.test.ts"] } };\n');
  const report = join(sub, 'report.json');
  const run = spawnSync(
    join(ROOT, 'node_modules/.bin/vitest'),
    ['run', '--root', sub, '--config', join(sub, 'vitest.config.mjs'), '--reporter=json', `--outputFile=${report}`],
    { cwd: ROOT, encoding: 'utf8', timeout: 90_000 },
  );
  return countReport('vitest', report, run.status ?? 1);
}

/** node:test as test.sh runs it (TAP report to a file), on one throwaway file. */
function runNodeTest(kind: string): Counts {
  const sub = mkdtempSync(join(dir, `node-${kind}-`));
  const file = join(sub, `${kind}.test.ts`);
  writeFileSync(file, NODE_FILES[kind]);
  const report = join(sub, 'report.tap');
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=tap', `--test-reporter-destination=${report}`, file],
    // Without NODE_TEST_CONTEXT: set by the outer node --test, it makes the child report to its parent, not to the file.
    { cwd: ROOT, encoding: 'utf8', timeout: 90_000, env: { ...process.env, NODE_TEST_CONTEXT: undefined } },
  );
  return countReport('node-test', report, run.status ?? 1);
}

/** The counts came from the runner's own report, not from the "no report" safety net. */
function assertRead(counts: Counts): void {
  assert.ok(!counts.problems.some((p) => /wrote no report|has no summary|not JSON/.test(p)), JSON.stringify(counts));
}

for (const [runner, run] of [
  ['vitest', runVitest],
  ['node:test', runNodeTest],
] as const) {
  describe(`${runner}: hidden failures are counted`, () => {
    test('a file that throws on import fails the run', T, () => {
      const counts = run('crash');
      assertRead(counts);
      assert.ok(counts.failed >= 1, JSON.stringify(counts));
    });

    test('a test that hangs past its time-out fails the run', T, () => {
      const counts = run('hang');
      assertRead(counts);
      assert.ok(counts.failed >= 1, JSON.stringify(counts));
    });

    test('a failing setup hook fails the run, counting the tests it stranded', T, () => {
      const counts = run('hook');
      assertRead(counts);
      assert.ok(counts.failed >= 2, `both tests under the failed hook count as failed: ${JSON.stringify(counts)}`);
      assert.equal(counts.passed, 0, JSON.stringify(counts));
    });

    test('a clean file counts as passed, with skip and todo not counted as failures', T, () => {
      const counts = run('clean');
      assert.deepEqual({ passed: counts.passed, failed: counts.failed }, { passed: 1, failed: 0 }, JSON.stringify(counts));
    });
  });
}

describe('missing reports and exit status', () => {
  test('a runner that wrote no report fails the run', () => {
    assert.equal(countReport('vitest', join(dir, 'absent.json'), 0).failed, 1);
    assert.equal(countReport('node-test', join(dir, 'absent.tap'), 0).failed, 1);
  });

  test('a non-zero exit with clean counts fails the run', () => {
    const tap = join(dir, 'clean-but-exit-1.tap');
    writeFileSync(tap, '# tests 1\n# suites 0\n# pass 1\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n');
    assert.deepEqual(countReport('node-test', tap, 0), { passed: 1, failed: 0, problems: [] });
    assert.equal(countReport('node-test', tap, 1).failed, 1);
  });
});
