/**
 * Deep clean as reader state: whether it can run here (and why not), running it on demand in the reader page with
 * the model in the host, and its extraction once done. The structural (or semantic) result stays until then, and
 * stays when deep clean falls back.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { deepCleanAvailability, deepCleanModelItem, DEFAULT_DEEP_CLEAN_MODEL } from '@/ext/deep-clean-settings';
import { lmViaHost } from '@/ext/model-host/client';
import { bridgeEngine, type EngineInfo } from '@/src/dripper/bridge-engine';
import { deepCleanFallback, emptySummary, runDeepClean } from '@/src/dripper/stage';
import type { Extraction } from '@/src/pipeline/types';

export type DeepCleanState =
  | { phase: 'checking' }
  | { phase: 'unavailable'; why: string }
  | { phase: 'offered'; model: string }
  | { phase: 'running'; model: string }
  | { phase: 'done'; model: string; applied: boolean; reason: string };

export interface DeepClean {
  state: DeepCleanState;
  extraction: Extraction | null;
  run(): void;
  cancel(): void;
}

/** A deep copy, so a fallback or a cancel never leaves half a run in the extraction shown before. */
const copy = (extraction: Extraction): Extraction => structuredClone(extraction);

export function useDeepClean(base: Extraction | null): DeepClean {
  const [state, setState] = useState<DeepCleanState>({ phase: 'checking' });
  const [result, setResult] = useState<{ from: Extraction; extraction: Extraction } | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const model = await deepCleanModelItem.getValue().catch(() => DEFAULT_DEEP_CLEAN_MODEL);
      const availability = await deepCleanAvailability(model);
      if (cancelled) return;
      setState(availability.available ? { phase: 'offered', model } : { phase: 'unavailable', why: availability.why });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const run = useCallback(() => {
    if (!base || (state.phase !== 'offered' && state.phase !== 'done')) return;
    const model = state.model;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', model });
    void (async () => {
      const from = base;
      let extraction = copy(from);
      try {
        const info = (await lmViaHost({ model, call: { op: 'info' } })) as EngineInfo;
        extraction = await runDeepClean(extraction, bridgeEngine(info, (call) => lmViaHost({ model, call })), { signal: controller.signal });
      } catch (error) {
        extraction = deepCleanFallback(extraction, emptySummary(model, 'model host'), 'unavailable', error instanceof Error ? error.message : String(error));
      }
      const summary = extraction.deepClean;
      setResult({ from, extraction });
      setState({ phase: 'done', model, applied: summary?.status === 'applied', reason: summary?.reason ?? 'Deep clean did not report' });
    })();
  }, [base, state]);

  const cancel = useCallback(() => abort.current?.abort(new Error('cancelled')), []);
  return { state, extraction: result && result.from === base ? result.extraction : null, run, cancel };
}
