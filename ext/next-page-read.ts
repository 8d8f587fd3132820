/**
 * Reading an article's next page for the reader: the next-page script runs in the source tab (the access the
 * toolbar click granted, which lasts while that tab stays on the page) and reads the next page, same origin only,
 * in a frame of its own; the reader appends what it kept.
 */
import { browser } from 'wxt/browser';
import { extractionFromResults, MESSAGES, runScriptInTab, scriptingFailure, type ReadTabResult } from './read-tab';

const NEXT_PAGE_SCRIPT = '/content-scripts/next-page.js';

/** The global the next-page script reads its address from (set just before it runs, in the same world). */
export const NEXT_PAGE_GLOBAL = '__pithNextPage';

export async function readNextPage(tabId: number, url: string): Promise<ReadTabResult> {
  try {
    await browser.scripting.executeScript({
      target: { tabId },
      func: (name: string, address: string) => {
        (globalThis as Record<string, unknown>)[name] = address;
      },
      args: [NEXT_PAGE_GLOBAL, url],
    });
  } catch (error) {
    return scriptingFailure(error);
  }
  const run = await runScriptInTab(tabId, NEXT_PAGE_SCRIPT, false);
  if (!run.ok) return run;
  if (run.results === 'timeout') return { ok: false, reason: 'error', message: MESSAGES.timeout };
  const refused = (run.results[0] as { result?: { error?: unknown } } | undefined)?.result?.error;
  if (typeof refused === 'string') return { ok: false, reason: 'error', message: `Pith couldn’t read the next page (${refused}).` };
  return extractionFromResults(run.results);
}
