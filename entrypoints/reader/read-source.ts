/**
 * Reading the source tab for the reader: the read the toolbar click started in the background when there is one
 * (`ext/early-read.ts`), else a read of its own; then the user's perplexity setting and saved corrections, whose
 * storage reads start at once so they overlap the wait for the page.
 */
import { loadBlockModelEnabled, withBlockModelSetting } from '@/ext/block-model-settings';
import { loadAllRules, withCorrections } from '@/ext/corrections-store';
import { takeEarlyRead } from '@/ext/early-read';
import { loadPerplexitySettings, withPerplexity } from '@/ext/perplexity-settings';
import { MESSAGES, readTab, type ReadTabFailure, type ReadTabResult } from '@/ext/read-tab';
import { mark } from '@/ext/timeline';
import type { Extraction } from '@/src/pipeline/types';

export type ExtractionState =
  | { phase: 'loading' }
  | { phase: 'error'; failure: ReadTabFailure }
  | { phase: 'ready'; extraction: Extraction };

export type ReadOutcome = Exclude<ExtractionState, { phase: 'loading' }>;

export function sourceTabId(search: string): number | null {
  const raw = new URLSearchParams(search).get('tab');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Reads the tab and applies the user's stages. `early`: take the read the click started, if one is waiting (the
 * first read of a reader tab).
 */
export function readSource(tabId: number | null, { early }: { early: boolean }): Promise<ReadOutcome> {
  if (tabId === null) return Promise.resolve({ phase: 'error', failure: { ok: false, reason: 'error', message: MESSAGES.noTab } });
  const settings = loadPerplexitySettings();
  const blockModel = loadBlockModelEnabled();
  const rules = loadAllRules();
  // A damaged stored value is reported by withCorrections; never an unhandled rejection here.
  rules.catch(() => undefined);
  blockModel.catch(() => undefined);
  const read = (early ? takeEarlyRead(tabId) : Promise.resolve(null)).then((taken) => taken ?? readTab(tabId));
  return finish(read, settings, rules, blockModel);
}

async function finish(read: Promise<ReadTabResult>, settings: ReturnType<typeof loadPerplexitySettings>, rules: ReturnType<typeof loadAllRules>, blockModel: Promise<boolean>): Promise<ReadOutcome> {
  const result = await read;
  mark('read:received');
  if (!result.ok) return { phase: 'error', failure: result };
  // The user's saved corrections come last, so they win over every stage.
  const extraction = await withCorrections(await withPerplexity(await withBlockModelSetting(result.extraction, blockModel), settings), rules);
  mark('read:ready');
  return { phase: 'ready', extraction };
}
