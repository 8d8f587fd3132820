/**
 * Deep clean's language model in the model host: one label engine per model, answering the bridge calls of
 * src/dripper/bridge-engine.ts, and the model's download (plan, start, progress, cancel).
 * - `onnx:<folder>`: packaged with the extension (/models/<folder>/), transformers.js on WASM; nothing to download.
 * - `hub:<repo>[@dtype]`: transformers.js, downloaded from the hub (or the user's mirror) into the browser cache.
 * - `webllm:<model>`: WebLLM on WebGPU (Chrome build only), downloaded into WebLLM's own cache.
 * The engine modules load lazily, so registering the handler costs nothing until deep clean runs.
 */
import { browser } from 'wxt/browser';
import { hubDtype, parseLmModel, webLlmModelId, type LmModelSpec } from '@/src/dripper/models';
import type { LabelEngine } from '@/src/dripper/types';
import type { TransformersEngineOptions } from '@/src/dripper/transformers-engine';
import { modelHostMessaging, type LmDownloadPlan, type LmDownloadStatus, type LmHostRequest } from './protocol';
import { loadWebLlm } from './webllm-module';
import { errorMessage } from '../../src/error-message';

interface Download {
  status: LmDownloadStatus;
  controller: AbortController;
}

const engines = new Map<string, Promise<LabelEngine>>();
const downloads = new Map<string, Download>();

type GpuLike = { requestAdapter(): Promise<{ features: { has(name: string): boolean } } | null> };
const gpu = (): GpuLike | undefined => (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu;

async function webGpuAdapter(): Promise<{ features: { has(name: string): boolean } } | null> {
  const { webgpuBlockedReason } = await import('./restart');
  if (webgpuBlockedReason()) return null;
  return (await gpu()?.requestAdapter().catch(() => null)) ?? null;
}

async function transformersOptions(spec: Extract<LmModelSpec, { kind: 'hub' | 'packaged' }>, hubHost: string | undefined): Promise<TransformersEngineOptions> {
  const { extensionEnvironment, MODELS_PATH } = await import('./extension-environment');
  const wasmPaths = extensionEnvironment().ortWasmPaths;
  if (spec.kind === 'packaged') {
    const root = (browser.runtime.getURL as (path: string) => string)(MODELS_PATH);
    return { model: spec.folder, root, device: 'wasm', wasmPaths, displayName: spec.name };
  }
  const device = (await webGpuAdapter()) ? 'webgpu' : 'wasm';
  const dtype = hubDtype(spec, device) as TransformersEngineOptions['dtype'];
  return { model: spec.repo, allowRemote: true, remoteHost: hubHost, device, dtype, wasmPaths, displayName: spec.name };
}

async function webLlmId(spec: Extract<LmModelSpec, { kind: 'webllm' }>): Promise<string> {
  const adapter = await webGpuAdapter();
  if (!adapter) throw new Error(`${spec.name} runs on WebGPU, and this browser has no usable WebGPU adapter`);
  return webLlmModelId(spec.modelId, adapter.features.has('shader-f16'));
}

function requireWebLlm() {
  if (!loadWebLlm) throw new Error('WebLLM is not part of this build (the Firefox build leaves it out)');
  return loadWebLlm();
}

/** Loads the engine; `progress` and `signal` are given when the load is a download the user asked for. */
async function createEngine(spec: LmModelSpec, hubHost: string | undefined, download?: Download): Promise<LabelEngine> {
  if (spec.kind === 'webllm') {
    const [webllm, modelId, { loadWebLlmEngine }] = await Promise.all([requireWebLlm(), webLlmId(spec), import('@/src/dripper/webllm-engine')]);
    return loadWebLlmEngine(webllm, modelId, {
      name: spec.name,
      signal: download?.controller.signal,
      onProgress: download && ((fraction, text) => Object.assign(download.status, { fraction, text })),
    });
  }
  const { loadTransformersEngine, forgetHubModel } = await import('@/src/dripper/transformers-engine');
  const options = await transformersOptions(spec, hubHost);
  if (!download) return loadTransformersEngine(options);
  try {
    return await loadTransformersEngine({
      ...options,
      signal: download.controller.signal,
      onProgress: ({ loaded, total }) => Object.assign(download.status, { loaded, total, fraction: total > 0 ? loaded / total : undefined }),
    });
  } catch (error) {
    // Cancelled or failed half-way: the files stored so far go too, so the next offer starts from nothing.
    await forgetHubModel(options).catch(() => undefined);
    throw error;
  }
}

function loadEngine(model: string, hubHost: string | undefined): Promise<LabelEngine> {
  let engine = engines.get(model);
  if (!engine) {
    engine = createEngine(parseLmModel(model), hubHost);
    engine.catch(() => engines.delete(model));
    engines.set(model, engine);
  }
  return engine;
}

async function plan(model: string, hubHost: string | undefined): Promise<LmDownloadPlan> {
  const spec = parseLmModel(model);
  if (engines.has(model) || spec.kind === 'packaged') return { name: spec.name, needsDownload: false, bytes: 0 };
  if (spec.kind === 'hub') {
    const { hubDownloadPlan } = await import('@/src/dripper/transformers-engine');
    const options = await transformersOptions(spec, hubHost);
    const { bytes, cached, files } = await hubDownloadPlan(options);
    return { name: spec.name, needsDownload: !cached, bytes, detail: `${files.length} files, ${options.dtype}, transformers.js on ${options.device === 'webgpu' ? 'WebGPU' : 'WASM'}` };
  }
  const [webllm, modelId, { webLlmRecord, webLlmDownloadBytes }] = await Promise.all([requireWebLlm(), webLlmId(spec), import('@/src/dripper/webllm-engine')]);
  const record = webLlmRecord(webllm, modelId);
  const cached = await webllm.hasModelInCache(modelId).catch(() => false);
  const vram = record.vram_required_MB ? `, needs ${(record.vram_required_MB / 1000).toFixed(1)} GB of GPU memory` : '';
  return { name: spec.name, needsDownload: !cached, bytes: cached ? 0 : await webLlmDownloadBytes(record), detail: `${modelId}, WebLLM on WebGPU${vram}` };
}

function startDownload(model: string, hubHost: string | undefined): LmDownloadStatus {
  const running = downloads.get(model);
  if (running?.status.state === 'downloading') return { ...running.status };
  const download: Download = { status: { state: 'downloading', loaded: 0, total: 0 }, controller: new AbortController() };
  downloads.set(model, download);
  const engine = createEngine(parseLmModel(model), hubHost, download);
  engines.set(model, engine);
  engine.then(
    () => Object.assign(download.status, { state: 'ready', fraction: 1 }),
    (error: unknown) => {
      engines.delete(model);
      const cancelled = download.controller.signal.aborted;
      download.status = { state: cancelled ? 'cancelled' : 'error', message: cancelled ? 'Download cancelled; nothing of it was kept.' : errorMessage(error) };
    },
  );
  return { ...download.status };
}

async function cancelDownload(model: string): Promise<LmDownloadStatus> {
  const download = downloads.get(model);
  if (!download || download.status.state !== 'downloading') return download ? { ...download.status } : { state: 'absent' };
  download.controller.abort(new Error('download cancelled'));
  await engines.get(model)?.catch(() => undefined); // the clean-up of stored files runs before this settles
  return { ...download.status };
}

export function registerDeepCleanHandler(): void {
  modelHostMessaging.onMessage('pith.modelHost.lm', async ({ data }: { data: LmHostRequest }) => {
    const { model, hubHost, call } = data;
    switch (call.op) {
      case 'plan':
        return plan(model, hubHost);
      case 'download':
        return startDownload(model, hubHost);
      case 'status':
        return downloads.get(model)?.status ?? { state: engines.has(model) ? 'ready' : 'absent' };
      case 'cancel':
        return cancelDownload(model);
      case 'info': {
        const engine = await loadEngine(model, hubHost);
        return { model: engine.model, backend: engine.backend, contextTokens: engine.contextTokens };
      }
      default: {
        const [engine, { answerLmCall }] = await Promise.all([loadEngine(model, hubHost), import('@/src/dripper/bridge-engine')]);
        return answerLmCall(engine, call);
      }
    }
  });
}
