/**
 * `@mlc-ai/web-llm`, loaded on first use, in the Chrome build only. Its 6 MB bundle is over the size Firefox's
 * add-on review accepts for one file, and Firefox ESR gives extensions no WebGPU, so the Firefox build leaves it
 * out (WXT sets `import.meta.env.FIREFOX` at build time; the dead branch and its chunk are dropped).
 */
import type { WebLlmModule } from '@/src/dripper/webllm-engine';

export const loadWebLlm: (() => Promise<WebLlmModule>) | null = import.meta.env.FIREFOX
  ? null
  : () => import('@mlc-ai/web-llm');

export const WEBLLM_IN_BUILD = loadWebLlm !== null;
