/** Runs `npm run extract` (scripts/extract.ts) as the end-to-end tests do: a child process, killed after `timeoutMs`. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const EXTRACT = join(REPO, 'scripts/extract.ts');

export interface ExtractRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runExtract(args: string[], timeoutMs: number): Promise<ExtractRun> {
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
