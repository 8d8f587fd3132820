/**
 * Deep clean's model choice (a typed storage item) and whether it can run in this browser.
 *
 * The default is Qwen3-0.6B through WebLLM (the seed's model size; WebLLM lists a Qwen3-0.6B build and runs it on
 * WebGPU, where a 0.6B model labels a page in seconds; on WASM the same model would take minutes per page). So
 * deep clean is offered only where a WebGPU adapter exists, and only once WebLLM is part of the build (it is not
 * yet: see README, "Deep clean"). `onnx:<folder>` runs a packaged transformers.js model on WASM (the test fixture).
 */
import { storage } from 'wxt/utils/storage';
import { webGpuUnavailable } from '../src/dripper/webllm-engine';

export const DEFAULT_DEEP_CLEAN_MODEL = 'webllm:Qwen3-0.6B';

export const deepCleanModelItem = storage.defineItem<string>('local:deepCleanModel', { fallback: DEFAULT_DEEP_CLEAN_MODEL });

export type DeepCleanAvailability = { available: true; model: string } | { available: false; model: string; why: string };

/** Whether deep clean can run here with the chosen model, and if not, a sentence saying why. */
export async function deepCleanAvailability(model: string, gpu?: { requestAdapter(): Promise<unknown> }): Promise<DeepCleanAvailability> {
  if (model.startsWith('onnx:')) return { available: true, model };
  if (model.startsWith('webllm:')) {
    const noGpu = await webGpuUnavailable(gpu ?? (globalThis.navigator as { gpu?: { requestAdapter(): Promise<unknown> } } | undefined)?.gpu);
    if (noGpu) return { available: false, model, why: `Deep clean needs WebGPU for ${model.slice(7)}: ${noGpu}.` };
    return { available: false, model, why: `Deep clean with ${model.slice(7)} needs WebLLM, which is not part of this build yet.` };
  }
  return { available: false, model, why: `Deep clean does not know the model "${model}".` };
}
