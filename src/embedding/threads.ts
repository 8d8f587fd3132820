/**
 * How many threads onnxruntime-web's WASM backend gets. Threads need SharedArrayBuffer, which a page has only when
 * cross-origin isolated (the extension's pages are: COOP same-origin + COEP credentialless in the manifest). On 2
 * cores, 2 threads were slower than 1 (../shared/docs/toolchain-notes.md §4, and measured again for issue 7): the
 * second thread competes with the page itself. So: one thread below 4 cores, else half the cores, at most 4
 * (ORT's own default, min(4, ceil(cores / 2)), would give 1 on 2 cores as well, but 2 on 3).
 */
export interface ThreadChoice {
  threads: number;
  reason: string;
}

export const MAX_WASM_THREADS = 4;
/** Fewer cores than this: one thread. */
export const MIN_CORES_FOR_THREADS = 4;

export function wasmThreads(cores: number | undefined, crossOriginIsolated: boolean): ThreadChoice {
  if (!crossOriginIsolated) return { threads: 1, reason: '1 WASM thread (not cross-origin isolated: no SharedArrayBuffer)' };
  const n = cores ?? 1;
  if (n < MIN_CORES_FOR_THREADS) return { threads: 1, reason: `1 WASM thread (${n} cores: a second thread only competes with the page)` };
  const threads = Math.min(MAX_WASM_THREADS, Math.floor(n / 2));
  return { threads, reason: `${threads} WASM threads (${n} cores)` };
}

/** The choice for the JS context this runs in. */
export function wasmThreadsHere(): ThreadChoice {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  return wasmThreads(globalThis.navigator?.hardwareConcurrency, isolated);
}
