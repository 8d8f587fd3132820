/**
 * Deep clean as reader state: whether it can run here (and why not), the model's download (consent with its size,
 * progress, cancel), running it on demand in the reader page with the model in the host, and its extraction once
 * done. The structural (or semantic) result stays until then, and stays when deep clean falls back or is refused.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { deepCleanAvailability, deepCleanModelItem, DEFAULT_DEEP_CLEAN_MODEL, DEFAULT_HUB_HOST, modelHubHostItem } from '@/ext/deep-clean-settings';
import { lmViaHost } from '@/ext/model-host/client';
import type { LmDownloadPlan, LmDownloadStatus } from '@/ext/model-host/protocol';
import { bridgeEngine, type EngineInfo } from '@/src/dripper/bridge-engine';
import { deepCleanFallback, emptySummary, runDeepClean } from '@/src/dripper/stage';
import type { Extraction } from '@/src/pipeline/types';
import { errorMessage } from '@/src/error-message';

export type DeepCleanState =
  | { phase: 'checking' }
  | { phase: 'unavailable'; why: string }
  /** The model must be downloaded first: the reader asks, with the size; `note` says how a last attempt ended. */
  | { phase: 'consent'; model: string; plan: LmDownloadPlan; note?: string }
  | { phase: 'declined'; model: string; plan: LmDownloadPlan }
  | { phase: 'downloading'; model: string; plan: LmDownloadPlan; status: LmDownloadStatus }
  | { phase: 'offered'; model: string }
  | { phase: 'running'; model: string }
  | { phase: 'done'; model: string; applied: boolean; reason: string };

export interface DeepClean {
  state: DeepCleanState;
  extraction: Extraction | null;
  run(): void;
  cancel(): void;
  download(): void;
  decline(): void;
  cancelDownload(): void;
}

const POLL_MS = 250;

/** A deep copy, so a fallback or a cancel never leaves half a run in the extraction shown before. */
const copy = (extraction: Extraction): Extraction => structuredClone(extraction);

export function useDeepClean(base: Extraction | null): DeepClean {
  const [state, setState] = useState<DeepCleanState>({ phase: 'checking' });
  const [result, setResult] = useState<{ from: Extraction; extraction: Extraction } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const hubHost = useRef<string>(DEFAULT_HUB_HOST);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const model = await deepCleanModelItem.getValue().catch(() => DEFAULT_DEEP_CLEAN_MODEL);
      hubHost.current = await modelHubHostItem.getValue().catch(() => DEFAULT_HUB_HOST);
      const availability = await deepCleanAvailability(model);
      if (!availability.available) {
        if (!cancelled) setState({ phase: 'unavailable', why: availability.why });
        return;
      }
      let next: DeepCleanState;
      try {
        const plan = (await lmViaHost({ model, hubHost: hubHost.current, call: { op: 'plan' } })) as LmDownloadPlan;
        next = plan.needsDownload ? { phase: 'consent', model, plan } : { phase: 'offered', model };
      } catch (error) {
        next = { phase: 'unavailable', why: `Deep clean cannot reach its model: ${errorMessage(error)}` };
      }
      if (!cancelled) setState(next);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  // While downloading, the host's progress is read a few times a second until the download ends; the reader
  // re-renders only when the progress changed.
  const downloading = state.phase === 'downloading' ? state : null;
  useEffect(() => {
    if (!downloading) return;
    const { model, plan } = downloading;
    let last = JSON.stringify(downloading.status);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (): Promise<void> => {
      let status: LmDownloadStatus;
      try {
        status = (await lmViaHost({ model, hubHost: hubHost.current, call: { op: 'status' } })) as LmDownloadStatus;
      } catch (error) {
        status = { state: 'error', message: errorMessage(error) };
      }
      if (stopped) return;
      if (status.state === 'ready') setState({ phase: 'offered', model });
      else if (status.state !== 'downloading') {
        setState({ phase: 'consent', model, plan, note: status.state === 'cancelled' ? status.message : `The download failed: ${status.message ?? status.state}` });
      } else {
        const now = JSON.stringify(status);
        if (now !== last) setState({ phase: 'downloading', model, plan, status });
        last = now;
        timer = setTimeout(() => void poll(), POLL_MS);
      }
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // One poll loop per download: a progress update re-renders but does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [downloading?.model, downloading?.plan]);

  const download = useCallback(() => {
    if (state.phase !== 'consent' && state.phase !== 'declined') return;
    const { model, plan } = state;
    setState({ phase: 'downloading', model, plan, status: { state: 'downloading' } });
    lmViaHost({ model, hubHost: hubHost.current, call: { op: 'download' } }).catch((error: unknown) =>
      setState({ phase: 'consent', model, plan, note: `The download failed: ${errorMessage(error)}` }),
    );
  }, [state]);

  const cancelDownload = useCallback(() => {
    if (state.phase !== 'downloading') return;
    // The status poll reports how the download ended; a host that did not answer is not an unhandled rejection.
    lmViaHost({ model: state.model, hubHost: hubHost.current, call: { op: 'cancel' } }).catch(() => undefined);
  }, [state]);

  const decline = useCallback(() => {
    if (state.phase === 'consent') setState({ phase: 'declined', model: state.model, plan: state.plan });
  }, [state]);

  const run = useCallback(() => {
    if (!base || (state.phase !== 'offered' && state.phase !== 'done')) return;
    const model = state.model;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', model });
    void (async () => {
      const from = base;
      let extraction = copy(from);
      const host = hubHost.current;
      try {
        const info = (await lmViaHost({ model, hubHost: host, call: { op: 'info' } })) as EngineInfo;
        extraction = await runDeepClean(extraction, bridgeEngine(info, (call) => lmViaHost({ model, hubHost: host, call })), { signal: controller.signal });
      } catch (error) {
        extraction = deepCleanFallback(extraction, emptySummary(model, 'model host'), 'unavailable', errorMessage(error));
      }
      const summary = extraction.deepClean;
      setResult({ from, extraction });
      setState({ phase: 'done', model, applied: summary?.status === 'applied', reason: summary?.reason ?? 'Deep clean did not report' });
    })();
  }, [base, state]);

  const cancel = useCallback(() => abort.current?.abort(new Error('cancelled')), []);
  return { state, extraction: result && result.from === base ? result.extraction : null, run, cancel, download, decline, cancelDownload };
}
