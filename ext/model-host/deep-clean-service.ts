/**
 * Deep clean's language model in the model host: a transformers.js label engine per model, loaded on first use
 * from the extension package (/models/<folder>/), answering the bridge calls of src/dripper/bridge-engine.ts.
 * The engine modules load lazily, so registering the handler costs nothing until deep clean runs.
 */
import { browser } from 'wxt/browser';
import type { LabelEngine } from '@/src/dripper/types';
import { modelHostMessaging } from './protocol';

const engines = new Map<string, Promise<LabelEngine>>();

function loadEngine(model: string): Promise<LabelEngine> {
  let engine = engines.get(model);
  if (!engine) {
    if (!model.startsWith('onnx:')) return Promise.reject(new Error(`the model host runs onnx:<folder> language models, not ${model}`));
    engine = (async () => {
      const [{ loadTransformersEngine }, { extensionEnvironment, MODELS_PATH }] = await Promise.all([
        import('@/src/dripper/transformers-engine'),
        import('./extension-environment'),
      ]);
      const root = (browser.runtime.getURL as (path: string) => string)(MODELS_PATH);
      return loadTransformersEngine({ model: model.slice(5), root, device: 'wasm', wasmPaths: extensionEnvironment().ortWasmPaths });
    })();
    engine.catch(() => engines.delete(model));
    engines.set(model, engine);
  }
  return engine;
}

export function registerDeepCleanHandler(): void {
  modelHostMessaging.onMessage('pith.modelHost.lm', async ({ data }) => {
    const engine = await loadEngine(data.model);
    if (data.call.op === 'info') return { model: engine.model, backend: engine.backend, contextTokens: engine.contextTokens };
    const { answerLmCall } = await import('@/src/dripper/bridge-engine');
    return answerLmCall(engine, data.call);
  });
}
