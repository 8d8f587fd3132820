import { errorMessage } from '../error-message';
/**
 * WebGPU feature detection. `'gpu' in navigator` is true even without an adapter, so ask for an adapter and a
 * device (a failure inside transformers.js cannot be recovered from in the same page, see onnx.ts); a software
 * (fallback) adapter such as SwiftShader runs transformers.js about 100× slower than WASM, so it does not count.
 */

interface GpuAdapterLike {
  isFallbackAdapter?: boolean;
  requestDevice(): Promise<{ destroy(): void }>;
  info?: { isFallbackAdapter?: boolean; vendor?: string; architecture?: string };
}

interface GpuLike {
  requestAdapter(): Promise<GpuAdapterLike | null>;
}

export interface WebGpuProbe {
  usable: boolean;
  reason: string;
}

export async function probeWebGpu(): Promise<WebGpuProbe> {
  const gpu = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { gpu?: GpuLike }).gpu;
  if (!gpu) return { usable: false, reason: 'no WebGPU API' };
  let adapter: GpuAdapterLike | null;
  try {
    adapter = await gpu.requestAdapter();
  } catch (error) {
    return { usable: false, reason: `WebGPU adapter request failed: ${errorMessage(error)}` };
  }
  if (!adapter) return { usable: false, reason: 'no WebGPU adapter' };
  if (adapter.isFallbackAdapter || adapter.info?.isFallbackAdapter) {
    const name = [adapter.info?.vendor, adapter.info?.architecture].filter(Boolean).join(' ') || 'software';
    return { usable: false, reason: `only a fallback WebGPU adapter (${name}), slower than WASM` };
  }
  try {
    (await adapter.requestDevice()).destroy();
  } catch (error) {
    return { usable: false, reason: `WebGPU device request failed: ${errorMessage(error)}` };
  }
  return { usable: true, reason: 'WebGPU adapter and device available' };
}
