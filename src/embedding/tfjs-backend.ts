/**
 * Picks the TensorFlow.js backend for USE-lite: the WASM backend when it initialises, else the pure-JS CPU one.
 * tfjs keeps one global backend per JS context, so the choice is made once and shared.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { EmbedderBackend } from './types';
import { errorMessage } from '../error-message';

/** Where the tfjs WASM binaries are served: a prefix ending in '/', or one URL per binary file name. */
export type TfjsWasmPaths = string | Record<TfjsWasmFile, string>;
export type TfjsWasmFile = 'tfjs-backend-wasm.wasm' | 'tfjs-backend-wasm-simd.wasm' | 'tfjs-backend-wasm-threaded-simd.wasm';

export interface TfjsBackendOptions {
  /** 'wasm' (default) tries WASM first; 'cpu' skips it. */
  prefer?: 'wasm' | 'cpu';
  wasmPaths?: TfjsWasmPaths;
}

export interface TfjsBackendChoice {
  backend: Extract<EmbedderBackend, 'tfjs-wasm' | 'tfjs-cpu'>;
  reason: string;
}

let choice: Promise<TfjsBackendChoice> | undefined;

export function initTfjsBackend(options: TfjsBackendOptions = {}): Promise<TfjsBackendChoice> {
  choice ??= chooseBackend(options);
  return choice;
}

async function chooseBackend({ prefer = 'wasm', wasmPaths }: TfjsBackendOptions): Promise<TfjsBackendChoice> {
  let reason = 'asked for the CPU backend';
  if (prefer === 'wasm') {
    try {
      const wasm = await import('@tensorflow/tfjs-backend-wasm');
      if (wasmPaths !== undefined) wasm.setWasmPaths(wasmPaths);
      // The threaded build starts blob: workers, which the extension pages' CSP (script-src 'self') refuses.
      tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
      if (await tf.setBackend('wasm')) {
        await tf.ready();
        return { backend: 'tfjs-wasm', reason: 'WASM backend initialised' };
      }
      reason = 'WASM backend did not initialise';
    } catch (error) {
      reason = `WASM backend failed: ${errorMessage(error)}`;
    }
  }
  await import('@tensorflow/tfjs-backend-cpu');
  if (!(await tf.setBackend('cpu'))) throw new Error(`no TensorFlow.js backend available (${reason})`);
  await tf.ready();
  return { backend: 'tfjs-cpu', reason };
}

