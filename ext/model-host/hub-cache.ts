/**
 * Whether a hub model's weights are already in transformers.js's browser cache, so the options page can say
 * "downloaded" instead of offering a 135 MB download. transformers.js keys cached files by their hub URL.
 */
import type { EmbedderSpec } from '@/src/embedding/registry';

const TRANSFORMERS_CACHE = 'transformers-cache';
const HUB = 'https://huggingface.co';
/** ONNX file name per dtype, as transformers.js requests it. */
const ONNX_FILE: Record<string, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
  bnb4: 'model_bnb4.onnx',
  q4f16: 'model_q4f16.onnx',
};

export async function isHubModelCached(spec: Extract<EmbedderSpec, { kind: 'onnx' }>): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const file = ONNX_FILE[spec.dtype];
  if (!file) return false;
  const cache = await caches.open(TRANSFORMERS_CACHE);
  return (await cache.match(`${HUB}/${spec.model}/resolve/main/onnx/${file}`)) !== undefined;
}
