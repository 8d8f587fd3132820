/**
 * How many threads onnxruntime-web's WASM backend gets. Threads need a SharedArrayBuffer that can be handed to
 * another thread. A web page has one only when cross-origin isolated; Chromium's extension pages have one without
 * (measured in Chromium 156). The extension is not isolated, because an isolated reader page starts a renderer process
 * of its own at every click (issue 9), so the choice is made on what the context can do, not on
 * `crossOriginIsolated`: where the browser takes that away, the pass runs on one thread, never fails. On 2 cores, 2
 * threads were slower than 1 (../shared/docs/toolchain-notes.md §4, and measured again for issue 7): the second thread
 * competes with the page itself. So: one thread below 4 cores, else half the cores, at most 4 (ORT's own default,
 * min(4, ceil(cores / 2)), would give 1 on 2 cores as well, but 2 on 3).
 */
export interface ThreadChoice {
  threads: number;
  reason: string;
}

export const MAX_WASM_THREADS = 4;
/** Fewer cores than this: one thread. */
export const MIN_CORES_FOR_THREADS = 4;

export function wasmThreads(cores: number | undefined, sharedMemory: boolean): ThreadChoice {
  if (!sharedMemory) return { threads: 1, reason: '1 WASM thread (no SharedArrayBuffer here: threads cannot share memory)' };
  const n = cores ?? 1;
  if (n < MIN_CORES_FOR_THREADS) return { threads: 1, reason: `1 WASM thread (${n} cores: a second thread only competes with the page)` };
  const threads = Math.min(MAX_WASM_THREADS, Math.floor(n / 2));
  return { threads, reason: `${threads} WASM threads (${n} cores)` };
}

/** Whether this context can share memory with another thread (the check onnxruntime-web makes itself). */
export function sharedMemoryHere(): boolean {
  if (typeof SharedArrayBuffer === 'undefined' || typeof MessageChannel === 'undefined') return false;
  try {
    const channel = new MessageChannel();
    channel.port1.postMessage(new SharedArrayBuffer(1));
    channel.port1.close();
    channel.port2.close();
    return true;
  } catch {
    return false;
  }
}

/** The choice for the JS context this runs in. */
export function wasmThreadsHere(): ThreadChoice {
  return wasmThreads(globalThis.navigator?.hardwareConcurrency, sharedMemoryHere());
}
