/**
 * Where the host finds models and WASM binaries inside the extension package. The WASM files are imported
 * with `?url` so Vite emits each once (ORT's bundle already references the same asset) and we get its hashed URL.
 * Bundled model folders are served from /models/ (see build-assets.ts).
 */
import ortMjsUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import tfjsWasmUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import tfjsSimdUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import tfjsThreadedUrl from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { browser } from 'wxt/browser';
import { urlModelStore } from '@/src/embedding/url-store';
import type { EmbedderEnvironment } from '@/src/embedding/registry';
import { wasmThreadsHere } from '@/src/embedding/threads';
import { webgpuBlockedReason } from './restart';

export const MODELS_PATH = '/models/';

export function extensionEnvironment(): Omit<EmbedderEnvironment, 'onProgress'> {
  const absolute = (url: string) => new URL(url, location.href).href;
  return {
    webgpuBlocked: webgpuBlockedReason(),
    onnxThreads: wasmThreadsHere().threads,
    store: urlModelStore((browser.runtime.getURL as (path: string) => string)(MODELS_PATH)),
    ortWasmPaths: { mjs: absolute(ortMjsUrl), wasm: absolute(ortWasmUrl) },
    tfjsWasmPaths: {
      'tfjs-backend-wasm.wasm': absolute(tfjsWasmUrl),
      'tfjs-backend-wasm-simd.wasm': absolute(tfjsSimdUrl),
      'tfjs-backend-wasm-threaded-simd.wasm': absolute(tfjsThreadedUrl),
    },
  };
}
