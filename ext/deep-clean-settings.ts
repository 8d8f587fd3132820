/**
 * Deep clean's model choice (typed storage items) and whether it can run in this browser.
 *
 * The default is Qwen3-0.6B through WebLLM (src/dripper/models.ts says why): on WebGPU a 0.6B model labels a page in
 * seconds, on WASM the same model would take minutes per page. So the default is offered only where a WebGPU
 * adapter exists and WebLLM is part of the build (Chrome). `hub:owner/name` runs a transformers.js model from the
 * hub (WebGPU, else WASM); `onnx:<folder>` runs a packaged transformers.js model on WASM (the test fixture).
 */
import { storage } from 'wxt/utils/storage';
import { DEFAULT_WEBLLM_MODEL, parseLmModel } from '../src/dripper/models';
import { webGpuUnavailable } from '../src/dripper/webllm-engine';
import { WEBLLM_IN_BUILD } from './model-host/webllm-module';
import { errorMessage } from '../src/error-message';

export const DEFAULT_DEEP_CLEAN_MODEL = DEFAULT_WEBLLM_MODEL;
export const DEFAULT_HUB_HOST = 'https://huggingface.co/';

export const deepCleanModelItem = storage.defineItem<string>('local:deepCleanModel', { fallback: DEFAULT_DEEP_CLEAN_MODEL });
/** Where `hub:` models are downloaded from: the model hub, or a mirror of it (same URL layout). */
export const modelHubHostItem = storage.defineItem<string>('local:modelHubHost', { fallback: DEFAULT_HUB_HOST });

export type DeepCleanAvailability = { available: true; model: string } | { available: false; model: string; why: string };

/** Whether deep clean can run here with the chosen model, and if not, a sentence saying why. */
export async function deepCleanAvailability(model: string, gpu?: { requestAdapter(): Promise<unknown> }, webLlmInBuild = WEBLLM_IN_BUILD): Promise<DeepCleanAvailability> {
  let spec;
  try {
    spec = parseLmModel(model);
  } catch (error) {
    return { available: false, model, why: `Deep clean cannot run: ${errorMessage(error)}.` };
  }
  if (spec.kind !== 'webllm') return { available: true, model };
  const noGpu = await webGpuUnavailable(gpu); // undefined: webGpuUnavailable asks navigator.gpu itself
  if (noGpu) return { available: false, model, why: `Deep clean needs WebGPU for ${spec.name}: ${noGpu}.` };
  if (!webLlmInBuild) return { available: false, model, why: `Deep clean with ${spec.name} needs WebLLM, which this browser's build of Pith leaves out.` };
  return { available: true, model };
}
