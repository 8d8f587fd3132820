/**
 * The perplexity stage in the model host, which lives for the browser session: each language's n-gram model is
 * fetched and decoded there once and kept, where a reader tab would load it again for every page it shows. The
 * reader sends the extraction's snapshot (without its HTML copy) and record, and applies the decisions it gets back.
 * The stage's code loads on the first request, so registering the handler costs nothing until the stage runs.
 */
import { browser } from 'wxt/browser';
import type { ModelLoader } from '@/src/perplexity/stage';
import { modelHostMessaging } from './protocol';

let models: ModelLoader | null = null;

export function registerPerplexityHandler(): void {
  modelHostMessaging.onMessage('pith.modelHost.perplexity', async ({ data }) => {
    const [{ perplexityOutcome, runPerplexity }, { MODEL_DIR, urlModelLoader }] = await Promise.all([import('@/src/perplexity/stage'), import('@/src/perplexity/load')]);
    models ??= urlModelLoader((browser.runtime.getURL as (path: string) => string)(`/${MODEL_DIR}`));
    return perplexityOutcome(await runPerplexity(data.snapshot, data.record, models, data.params));
  });
}
