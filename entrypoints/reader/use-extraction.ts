/** The reader's data: the source tab from `?tab=`, read once (and again on "Try again"). */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { withCorrections } from '@/ext/corrections-store';
import { withPerplexity } from '@/ext/perplexity-settings';
import { MESSAGES, readTab, type ReadTabFailure } from '@/ext/read-tab';
import type { Extraction } from '@/src/pipeline/types';

export type ExtractionState =
  | { phase: 'loading' }
  | { phase: 'error'; failure: ReadTabFailure }
  | { phase: 'ready'; extraction: Extraction };

export function sourceTabId(search: string): number | null {
  const raw = new URLSearchParams(search).get('tab');
  if (raw === null || !/^\d+$/.test(raw)) return null;
  return Number(raw);
}

export function useExtraction(): { state: ExtractionState; retry: () => void } {
  const [state, setState] = useState<ExtractionState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const tabId = sourceTabId(location.search);
    setState({ phase: 'loading' });
    const run = async (): Promise<void> => {
      if (tabId === null) {
        setState({ phase: 'error', failure: { ok: false, reason: 'error', message: MESSAGES.noTab } });
        return;
      }
      const result = await readTab(tabId).catch(
        (error: unknown): ReadTabFailure => ({
          ok: false,
          reason: 'error',
          message: `Pith couldn’t read this page (${error instanceof Error ? error.message : String(error)}). Reload the article and click the Pith button again.`,
        }),
      );
      if (cancelled) return;
      if (!result.ok) return setState({ phase: 'error', failure: result });
      // The user's saved corrections come last, so they win over every stage.
      const extraction = await withCorrections(await withPerplexity(result.extraction));
      if (!cancelled) setState({ phase: 'ready', extraction });
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
