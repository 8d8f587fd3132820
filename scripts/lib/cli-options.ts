/** Parsing and reporting shared by the extract and bench command lines. */
import type { Viewport } from './browser';
import { errorMessage } from '../../src/error-message';

/** Bad command line: the command prints its usage and exits with EXIT_USAGE. */
export class UsageError extends Error {}

/** A failure the user can act on (file not found, unreachable URL): one line on stderr, exit EXIT_FAILURE. */
export class Failure extends Error {}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const VIEWPORT = /^(\d+)x(\d+)$/;

export function parsePositiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${flag} must be a positive integer, got "${value}"`);
  return n;
}

export function parseSeconds(flag: string, value: string): number {
  const s = Number(value);
  if (!Number.isFinite(s) || s <= 0) throw new UsageError(`${flag} must be a positive number of seconds, got "${value}"`);
  return s * 1000;
}

/** A switch given as on or off (e.g. --scripts). */
export function parseOnOff(flag: string, value: string): boolean {
  if (value === 'on' || value === 'off') return value === 'on';
  throw new UsageError(`${flag} must be on or off, got "${value}"`);
}

export function parseViewport(value: string): Viewport {
  const match = VIEWPORT.exec(value);
  if (!match) throw new UsageError(`--viewport must look like 1920x1080, got "${value}"`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** The first line of an error, without Playwright's call log, for one-line messages and `error` fields. */
export function oneLine(error: unknown): string {
  const message = errorMessage(error);
  return message.split('\n')[0].trim() || 'unknown error';
}

/**
 * Runs a command's body and maps its errors to exit codes: usage errors print the usage, a Failure or any other
 * error prints one line. Never throws.
 */
export async function exitCodeOf(command: string, usage: string, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`pith${command ? ` ${command}` : ''}: ${error.message}\n\n${usage}\n`);
      return EXIT_USAGE;
    }
    process.stderr.write(`pith${command ? ` ${command}` : ''}: ${error instanceof Failure ? error.message : oneLine(error)}\n`);
    return EXIT_FAILURE;
  }
}
