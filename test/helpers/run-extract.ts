/** Runs `npm run extract` (scripts/extract.ts) or `pith` (cli/pith.ts) as a child process, for the CLI's end-to-end tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const EXTRACT = join(REPO, 'scripts/extract.ts');
const PITH = join(REPO, 'cli/pith.ts');
// The first SORE run embeds the outlier index (phrases and mined known lines): slow on a cold, busy machine.
export const RUN_TIMEOUT_MS = 420_000;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function extract(args: string[], timeoutMs = RUN_TIMEOUT_MS): Promise<Run> {
  return runCommand(EXTRACT, args, timeoutMs);
}

/** `pith …`; `started` gets the child process (to stop a run partway). */
export function pith(args: string[], timeoutMs = RUN_TIMEOUT_MS, started?: (child: ChildProcess) => void): Promise<Run> {
  return runCommand(PITH, args, timeoutMs, started);
}

function runCommand(script: string, args: string[], timeoutMs: number, started?: (child: ChildProcess) => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
    started?.(child);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
