/** Runs `npm run extract` (scripts/extract.ts) as a child process for the CLI end-to-end tests. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const EXTRACT = join(REPO, 'scripts/extract.ts');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI's exit code and output; killed after `timeoutMs` (its code is then null). */
export function runExtract(args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', EXTRACT, ...args], { cwd: REPO });
    let stdout = '';
    let stderr = '';
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
