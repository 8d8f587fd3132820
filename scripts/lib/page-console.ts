/**
 * The headless pages' console errors and warnings, passed on to the command's stderr. Without this, a warning from
 * the pipeline (an ignored --sore value, an outlier list that did not load) stays in a browser nobody looks at.
 * Content pages pass on only what Pith's own bundle said, not the page's own scripts; the model page is all Pith.
 */
import type { ConsoleMessage, Page } from 'playwright-core';
import { BUNDLE_PATH_PREFIX } from './page-routing';

/** Receives one line per distinct message; undefined (e.g. with --quiet) drops them. */
export type ConsoleSink = ((line: string) => void) | undefined;

export type ConsoleScope = 'pith-bundle' | 'whole-page';

const FORWARDED = new Set(['error', 'warning']);

function fromBundle(message: ConsoleMessage): boolean {
  return message.location().url.includes(BUNDLE_PATH_PREFIX);
}

/**
 * Forwards `page`'s console errors and warnings, and its uncaught exceptions, to `sink` as "<label>: console.<type>:
 * <text>". Each distinct line is written once per sink (a batch of pages repeating one warning prints it once).
 */
export function forwardConsole(page: Page, label: string, sink: ConsoleSink, scope: ConsoleScope): void {
  if (!sink) return;
  const seen = seenBy(sink);
  const write = (line: string): void => {
    if (seen.has(line)) return;
    seen.add(line);
    sink(line);
  };
  page.on('console', (message) => {
    if (!FORWARDED.has(message.type())) return;
    if (scope === 'pith-bundle' && !fromBundle(message)) return;
    write(`${label}: console.${message.type() === 'warning' ? 'warn' : 'error'}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (scope === 'pith-bundle' && !(error.stack ?? '').includes(BUNDLE_PATH_PREFIX)) return;
    write(`${label}: uncaught ${error.name}: ${error.message}`);
  });
}

const seenPerSink = new WeakMap<object, Set<string>>();

function seenBy(sink: NonNullable<ConsoleSink>): Set<string> {
  let seen = seenPerSink.get(sink);
  if (!seen) seenPerSink.set(sink, (seen = new Set()));
  return seen;
}
