/**
 * The model host page: Chrome's offscreen document, or on Firefox an iframe in the background page.
 * The message listener is registered first; everything heavy (transformers.js, TensorFlow.js, voy) loads on the
 * first request that needs it.
 */
import { registerModelHostHandlers } from '@/ext/model-host/handlers';
import { restartHostPage } from '@/ext/model-host/restart';
import { registerDeepCleanHandler } from '@/ext/model-host/deep-clean-service';
import { registerPerplexityHandler } from '@/ext/model-host/perplexity-service';

const kind = window.parent !== window ? 'background-frame' : 'offscreen';
registerModelHostHandlers(
  kind,
  async () => (await import('@/ext/model-host/extension-host')).extensionModelHost(),
  restartHostPage,
  async () => (await import('@/ext/model-host/extension-host')).extensionSoreService(),
);
registerDeepCleanHandler();
registerPerplexityHandler();
