/** The reader's data: the source tab from `?tab=`, read once (and again on "Try again" or after a correction). */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { readSource, sourceTabId, type ExtractionState } from './read-source';

/** `initial`: the first read, when the page's entry script has done it already. */
export function useExtraction(initial?: ExtractionState): { state: ExtractionState; retry: () => void } {
  const [state, setState] = useState<ExtractionState>(initial ?? { phase: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0 && initial && initial.phase !== 'loading') return;
    let cancelled = false;
    setState({ phase: 'loading' });
    void readSource(sourceTabId(location.search), { early: attempt === 0 }).then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
