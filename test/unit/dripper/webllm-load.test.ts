import * as realWebLlm from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import { deepCleanAvailability } from '../../../ext/deep-clean-settings';
import { DEFAULT_TRANSFORMERS_MODEL, DEFAULT_WEBLLM_MODEL, formatBytes, hubDtype, parseLmModel, webLlmModelId } from '../../../src/dripper/models';
import { runDeepClean } from '../../../src/dripper/stage';
import { loadWebLlmEngine, webLlmDownloadBytes, webLlmRecord, type WebLlmEngineLike, type WebLlmModule } from '../../../src/dripper/webllm-engine';
import { fixtureExtraction } from './fixtures';

// The real package must obey the interface deep clean is written against (the type check fails otherwise).
const real: WebLlmModule = {
  MLCEngine: realWebLlm.MLCEngine,
  prebuiltAppConfig: realWebLlm.prebuiltAppConfig,
  hasModelInCache: realWebLlm.hasModelInCache,
  deleteModelAllInfoInCache: realWebLlm.deleteModelAllInfoInCache,
};

/**
 * A WebLLM module that obeys the public calls: `reload` reports progress through `initProgressCallback` in
 * steps (stopping when `unload` is called, as WebLLM's reload aborts its fetches), then answers chats with "main"
 * for every id; the cache is a set of model ids.
 */
function fakeModule(options: { steps?: number; stepMs?: number } = {}) {
  const cache = new Set<string>();
  const events: string[] = [];
  class MLCEngine implements WebLlmEngineLike {
    private stopped = false;
    constructor(private readonly config: { initProgressCallback?: (r: { progress: number; text: string }) => void } = {}) {}
    async reload(modelId: string) {
      events.push(`reload ${modelId}`);
      const steps = options.steps ?? 3;
      for (let i = 1; i <= steps; i++) {
        await new Promise((r) => setTimeout(r, options.stepMs ?? 1));
        if (this.stopped) throw new Error('Engine.unload() is called.');
        cache.add(modelId); // shards land in the cache as they arrive
        this.config.initProgressCallback?.({ progress: i / steps, text: `Fetching param cache[${i}/${steps}]` });
      }
    }
    async unload() {
      events.push('unload');
      this.stopped = true;
    }
    interruptGenerate() {}
    chat = {
      completions: {
        create: async (request: { response_format: { schema: string } }) => {
          const schema = JSON.parse(request.response_format.schema) as { required: string[] };
          return { choices: [{ message: { content: JSON.stringify(Object.fromEntries(schema.required.map((id) => [id, 'main']))) } }] };
        },
      },
    };
  }
  const module: WebLlmModule = {
    MLCEngine,
    prebuiltAppConfig: real.prebuiltAppConfig,
    hasModelInCache: async (id) => cache.has(id),
    deleteModelAllInfoInCache: async (id) => {
      events.push(`delete ${id}`);
      cache.delete(id);
    },
  };
  return { module, cache, events };
}

describe('deep clean models', () => {
  it('the default WebLLM model is a Qwen3-0.6B build in WebLLM’s own prebuilt list, 4-bit, with a 4,096-token context', () => {
    expect(DEFAULT_WEBLLM_MODEL).toBe('webllm:Qwen3-0.6B');
    for (const f16 of [true, false]) {
      const record = webLlmRecord(real, webLlmModelId('Qwen3-0.6B', f16));
      expect(record.model_id).toMatch(f16 ? /^Qwen3-0\.6B-q4f16_1-MLC$/ : /^Qwen3-0\.6B-q4f32_1-MLC$/);
      expect(record.overrides?.context_window_size).toBe(4096);
    }
    expect(() => webLlmRecord(real, 'Qwen3-0.6B-nonexistent')).toThrow(/no prebuilt model/);
  });

  it('parses specs and names the model as reasons show it', () => {
    expect(parseLmModel(DEFAULT_TRANSFORMERS_MODEL)).toMatchObject({ kind: 'hub', repo: 'onnx-community/Qwen3-0.6B-ONNX', name: 'Qwen3-0.6B' });
    const hub = parseLmModel('hub:pith-test/tiny-gpt2@q8');
    expect(hub).toMatchObject({ kind: 'hub', repo: 'pith-test/tiny-gpt2', dtype: 'q8', name: 'tiny-gpt2' });
    expect(hubDtype(parseLmModel(DEFAULT_TRANSFORMERS_MODEL) as never, 'webgpu')).toBe('q4f16');
    expect(hubDtype(parseLmModel(DEFAULT_TRANSFORMERS_MODEL) as never, 'wasm')).toBe('q4');
    expect(parseLmModel('onnx:synthetic-tiny-gpt2-smollm-vocab')).toMatchObject({ kind: 'packaged', name: 'synthetic-tiny-gpt2-smollm-vocab' });
    expect(() => parseLmModel('gpt:4')).toThrow(/does not know the model/);
    expect(() => parseLmModel('hub:not a repo')).toThrow(/not a model hub id/);
    expect([formatBytes(444), formatBytes(5_633_153), formatBytes(312e6), formatBytes(1.4e9)]).toEqual(['1 kB', '5.6 MB', '312 MB', '1.4 GB']);
  });

  it('is offered where it can run, and says why not elsewhere', async () => {
    const adapter = { requestAdapter: async () => ({}) };
    expect(await deepCleanAvailability('webllm:Qwen3-0.6B', adapter, true)).toEqual({ available: true, model: 'webllm:Qwen3-0.6B' });
    expect(await deepCleanAvailability('webllm:Qwen3-0.6B', adapter, false)).toMatchObject({ available: false, why: "Deep clean with Qwen3-0.6B needs WebLLM, which this browser's build of Pith leaves out." });
    expect(await deepCleanAvailability('webllm:Qwen3-0.6B', { requestAdapter: async () => null }, true)).toMatchObject({ available: false, why: 'Deep clean needs WebGPU for Qwen3-0.6B: no usable WebGPU adapter (GPU) was found.' });
    expect(await deepCleanAvailability('hub:onnx-community/Qwen3-0.6B-ONNX', { requestAdapter: async () => null }, false)).toMatchObject({ available: true });
    expect(await deepCleanAvailability('gpt:4', adapter, true)).toMatchObject({ available: false, why: expect.stringMatching(/^Deep clean cannot run: deep clean does not know the model "gpt:4"/) });
  });
});

describe('loading a WebLLM model', () => {
  it('reports WebLLM’s progress, then labels a page through the stage', async () => {
    const { module, events } = fakeModule();
    const progress: number[] = [];
    const engine = await loadWebLlmEngine(module, 'Qwen3-0.6B-q4f16_1-MLC', { name: 'Qwen3-0.6B', onProgress: (f) => progress.push(f) });
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
    expect(events).toEqual(['reload Qwen3-0.6B-q4f16_1-MLC']);
    expect(engine.contextTokens).toBe(4096);
    const extraction = await runDeepClean(fixtureExtraction(), engine);
    expect(extraction.deepClean).toMatchObject({ status: 'applied', model: 'Qwen3-0.6B', backend: 'WebLLM, WebGPU' });
  });

  it('cancel stops the load and deletes what was stored of the model', async () => {
    const { module, cache, events } = fakeModule({ steps: 50, stepMs: 5 });
    const controller = new AbortController();
    const load = loadWebLlmEngine(module, 'Qwen3-0.6B-q4f32_1-MLC', { name: 'Qwen3-0.6B', signal: controller.signal, onProgress: (f) => f > 0.1 && controller.abort(new Error('download cancelled')) });
    await expect(load).rejects.toThrow('download cancelled');
    expect(events).toEqual(['reload Qwen3-0.6B-q4f32_1-MLC', 'unload', 'delete Qwen3-0.6B-q4f32_1-MLC']);
    expect(cache.size).toBe(0);
  });

  it('sizes the download from the model’s tensor-cache.json, and says nothing when it cannot', async () => {
    const record = webLlmRecord(real, 'Qwen3-0.6B-q4f16_1-MLC');
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ records: [{ nbytes: 32e6 }, { nbytes: 30e6 }] }));
    }) as unknown as typeof fetch;
    expect(await webLlmDownloadBytes(record, fetcher)).toBe(62e6);
    expect(asked).toEqual(['https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/tensor-cache.json']);
    expect(await webLlmDownloadBytes(record, (async () => new Response('no', { status: 404 })) as unknown as typeof fetch)).toBeNull();
    expect(await webLlmDownloadBytes(record, (async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch)).toBeNull();
  });
});
