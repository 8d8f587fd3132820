/**
 * Recovery for the host page when transformers.js can no longer run in it (see src/embedding/onnx.ts): reload the
 * page, and if WebGPU was the cause, remember that for the reloaded page so it uses WASM. sessionStorage survives
 * a reload of the same document and is gone with a new one, so WebGPU is retried once per host lifetime.
 */

const WEBGPU_FAILED_KEY = 'pith.modelHost.webgpuFailed';
/** Lets the failing request's error response leave before the page goes away. */
const RELOAD_DELAY_MS = 100;

export function webgpuBlockedReason(): string | undefined {
  const message = sessionStorage.getItem(WEBGPU_FAILED_KEY);
  return message === null ? undefined : `WebGPU failed earlier, using WASM (${message})`;
}

export function restartHostPage(error: { message: string; webgpu?: boolean }): void {
  if (error.webgpu) sessionStorage.setItem(WEBGPU_FAILED_KEY, error.message);
  setTimeout(() => location.reload(), RELOAD_DELAY_MS);
}
