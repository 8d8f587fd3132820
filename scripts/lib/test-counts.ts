/**
 * How scripts/test.sh turns a runner's report into "passed / failed". Anything that did not visibly pass counts as a
 * failure: a file that throws on import, tests skipped because a hook failed, a test cancelled by a time-out, a
 * report that is missing, and a runner that exits non-zero while its counts look clean.
 *
 *   node --import tsx scripts/lib/test-counts.ts vitest <report.json> <exit status>
 *   node --import tsx scripts/lib/test-counts.ts node-test <report.tap> <exit status>
 * prints "<passed> <failed>" on stdout and one line per counted problem on stderr.
 * test/runner/test-counts.test.ts runs real vitest and node:test on throwaway failing files through these functions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Counts {
  passed: number;
  failed: number;
  /** Why failures were counted beyond the runner's own "failed tests" figure. */
  problems: string[];
}

/** The parts of vitest 4.1's JSON report (`--reporter=json`) read here. */
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numFailedTestSuites?: number;
  success?: boolean;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { title?: string; fullName?: string; status: string }[];
  }[];
}

export function vitestCounts(report: VitestReport): Counts {
  const problems: string[] = [];
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    passed += tests.filter((t) => t.status === 'passed').length;
    const failedTests = tests.filter((t) => t.status === 'failed').length;
    failed += failedTests;
    if (file.status === 'failed' && failedTests === 0) {
      // The file failed outside any test: it threw on import (no tests) or a hook failed (its tests are skipped).
      const stranded = tests.filter((t) => t.status === 'skipped' || t.status === 'pending').length;
      failed += Math.max(1, stranded);
      const why = (file.message ?? '').split('\n')[0] || 'no message';
      problems.push(`${file.name}: failed outside its tests (${why}); ${stranded} tests did not run`);
    }
  }
  if (report.testResults === undefined) {
    failed += 1;
    problems.push('the vitest report lists no test files');
  }
  if (report.success === false && failed === 0) {
    failed += 1;
    problems.push('vitest reports success: false although no test failed');
  }
  return { passed, failed, problems };
}

const TAP_SUMMARY = /^# (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/gm;

/** node:test's TAP summary: a cancelled test (time-out, failed before()) and any test unaccounted for fail too. */
export function nodeTestCounts(tap: string): Counts {
  const n: Record<string, number> = {};
  for (const match of tap.matchAll(TAP_SUMMARY)) n[match[1]] = Number(match[2]); // the last summary wins
  if (n.tests === undefined || n.pass === undefined) {
    return { passed: 0, failed: 1, problems: ['the node:test report has no summary (the run crashed or was killed)'] };
  }
  const problems: string[] = [];
  const fail = n.fail ?? 0;
  const cancelled = n.cancelled ?? 0;
  const accounted = n.pass + fail + cancelled + (n.skipped ?? 0) + (n.todo ?? 0);
  const unaccounted = Math.max(0, n.tests - accounted);
  if (cancelled) problems.push(`${cancelled} tests cancelled (time-out, or a failed before() hook)`);
  if (unaccounted) problems.push(`${unaccounted} tests neither passed, failed, skipped nor todo`);
  return { passed: n.pass, failed: fail + cancelled + unaccounted, problems };
}

/** A runner that exits non-zero has failed, whatever its counts say. */
export function withExitStatus(counts: Counts, runner: string, exitStatus: number): Counts {
  if (exitStatus === 0 || counts.failed > 0) return counts;
  return { ...counts, failed: counts.failed + 1, problems: [...counts.problems, `${runner} exited with status ${exitStatus} although it counted no failure`] };
}

export function countReport(runner: 'vitest' | 'node-test', reportPath: string, exitStatus: number): Counts {
  if (!existsSync(reportPath)) {
    return withExitStatus({ passed: 0, failed: 1, problems: [`${runner} wrote no report (${reportPath})`] }, runner, exitStatus);
  }
  const text = readFileSync(reportPath, 'utf8');
  let counts: Counts;
  if (runner === 'vitest') {
    try {
      counts = vitestCounts(JSON.parse(text) as VitestReport);
    } catch (error) {
      counts = { passed: 0, failed: 1, problems: [`the vitest report is not JSON: ${(error as Error).message}`] };
    }
  } else {
    counts = nodeTestCounts(text);
  }
  return withExitStatus(counts, runner, exitStatus);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [runner, reportPath, status] = process.argv.slice(2);
  if ((runner !== 'vitest' && runner !== 'node-test') || !reportPath || !/^\d+$/.test(status ?? '')) {
    process.stderr.write('usage: test-counts.ts vitest|node-test <report> <exit status>\n');
    process.exit(2);
  }
  const counts = countReport(runner, reportPath, Number(status));
  for (const problem of counts.problems) process.stderr.write(`counted as failed: ${problem}\n`);
  process.stdout.write(`${counts.passed} ${counts.failed}\n`);
}
