/**
 * Deep clean's WebLLM engine (WebGPU): the same constraint as a JSON schema (every id required, each "main" or
 * "other", nothing else), which WebLLM's grammar mode enforces while decoding. Written against the few calls of
 * `@mlc-ai/web-llm`'s engine it uses, so it is tested with an engine that obeys them; WebLLM itself (package,
 * weights, a GPU) is not available on the machines this was built on.
 */
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';
import { errorMessage } from '../error-message';

/** The part of WebLLM's `MLCEngineInterface` deep clean uses. */
export interface WebLlmLike {
  chat: {
    completions: {
      create(request: {
        messages: Array<{ role: 'system' | 'user'; content: string }>;
        response_format: { type: 'json_object'; schema: string };
        temperature?: number;
        max_tokens?: number;
        stream?: false;
      }): Promise<{ choices: Array<{ message: { content: string | null } }>; usage?: { prompt_tokens: number; completion_tokens: number } }>;
    };
  };
  interruptGenerate(): void;
}

/** The answer's JSON schema: exactly these ids, in order, each "main" or "other". */
export function labelSchema(ids: readonly string[]): string {
  const properties = Object.fromEntries(ids.map((id) => [id, { type: 'string', enum: ['main', 'other'] }]));
  return JSON.stringify({ type: 'object', properties, required: [...ids], additionalProperties: false });
}

/** Why WebLLM cannot run here, or null when a WebGPU adapter is there. */
export async function webGpuUnavailable(gpu: { requestAdapter(): Promise<unknown> } | undefined = (globalThis.navigator as { gpu?: { requestAdapter(): Promise<unknown> } } | undefined)?.gpu): Promise<string | null> {
  if (!gpu) return 'this browser has no WebGPU';
  try {
    return (await gpu.requestAdapter()) ? null : 'no usable WebGPU adapter (GPU) was found';
  } catch (error) {
    return `WebGPU failed: ${errorMessage(error)}`;
  }
}

export class WebLlmLabelEngine implements LabelEngine {
  readonly backend = 'WebLLM, WebGPU';

  constructor(
    private readonly engine: WebLlmLike,
    readonly model: string,
    readonly contextTokens: number,
    /** WebLLM exposes no tokenizer call; an estimate (about 3.5 characters a token for HTML) sizes the chunks. */
    private readonly charsPerToken = 3.5,
  ) {}

  async countTokens(texts: readonly string[]): Promise<number[]> {
    return texts.map((t) => Math.ceil(t.length / this.charsPerToken));
  }

  async label(request: LabelRequest, signal?: AbortSignal): Promise<LabelAnswer> {
    const started = performance.now();
    const stop = () => this.engine.interruptGenerate();
    signal?.addEventListener('abort', stop);
    try {
      const reply = await this.engine.chat.completions.create({
        messages: [{ role: 'user', content: request.prompt }],
        response_format: { type: 'json_object', schema: labelSchema(request.ids) },
        temperature: 0,
        max_tokens: 16 * request.ids.length + 8,
        stream: false,
      });
      signal?.throwIfAborted();
      return {
        text: reply.choices[0]?.message.content ?? '',
        steps: reply.usage?.completion_tokens ?? 0,
        promptTokens: reply.usage?.prompt_tokens ?? 0,
        ms: performance.now() - started,
      };
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
}

/** One record of WebLLM's prebuilt model list (the fields deep clean reads). */
export interface WebLlmModelRecord {
  model: string;
  model_id: string;
  vram_required_MB?: number;
  required_features?: string[];
  overrides?: { context_window_size?: number };
}

/** The engine WebLLM's `MLCEngine` constructs: loads (`reload`), stops a load (`unload`), answers chats. */
export interface WebLlmEngineLike extends WebLlmLike {
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
}

/** The public parts of `@mlc-ai/web-llm` deep clean uses (tests pass a fake that obeys them). */
export interface WebLlmModule {
  MLCEngine: new (config?: { initProgressCallback?: (report: { progress: number; text: string }) => void }) => WebLlmEngineLike;
  prebuiltAppConfig: { model_list: WebLlmModelRecord[] };
  hasModelInCache(modelId: string): Promise<boolean>;
  deleteModelAllInfoInCache(modelId: string): Promise<void>;
}

export function webLlmRecord(webllm: Pick<WebLlmModule, 'prebuiltAppConfig'>, modelId: string): WebLlmModelRecord {
  const record = webllm.prebuiltAppConfig.model_list.find((r) => r.model_id === modelId);
  if (!record) throw new Error(`WebLLM has no prebuilt model "${modelId}"`);
  return record;
}

/**
 * The weights' size, from the model's tensor-cache.json (WebLLM's list of weight shards, each with its `nbytes`);
 * null when the list cannot be read. The model library (a few MB of WASM) is not counted.
 */
export async function webLlmDownloadBytes(record: WebLlmModelRecord, fetcher: typeof fetch = fetch): Promise<number | null> {
  try {
    const base = record.model.endsWith('/') ? record.model : `${record.model}/`;
    const response = await fetcher(new URL('resolve/main/tensor-cache.json', base).href);
    if (!response.ok) return null;
    const list = (await response.json()) as { records?: Array<{ nbytes?: number }> };
    const bytes = (list.records ?? []).reduce((sum, shard) => sum + (shard.nbytes ?? 0), 0);
    return bytes > 0 ? bytes : null;
  } catch {
    return null;
  }
}

export interface WebLlmLoadOptions {
  /** The name reasons use, e.g. "Qwen3-0.6B". */
  name: string;
  /** WebLLM's own report: a fraction (0…1) and a sentence such as "Fetching param cache[3/12]: 120MB fetched". */
  onProgress?: (fraction: number, text: string) => void;
  /** Stops the load (WebLLM's `unload` aborts its fetches); what was stored of this model is deleted. */
  signal?: AbortSignal;
}

/** Loads (downloading on first use) a WebLLM model and wraps it as a label engine. */
export async function loadWebLlmEngine(webllm: WebLlmModule, modelId: string, options: WebLlmLoadOptions): Promise<WebLlmLabelEngine> {
  const record = webLlmRecord(webllm, modelId);
  const engine = new webllm.MLCEngine({ initProgressCallback: (report) => options.onProgress?.(report.progress, report.text) });
  const stop = () => void engine.unload().catch(() => undefined);
  options.signal?.addEventListener('abort', stop);
  try {
    options.signal?.throwIfAborted();
    await engine.reload(modelId);
    options.signal?.throwIfAborted();
  } catch (error) {
    if (options.signal?.aborted) {
      await webllm.deleteModelAllInfoInCache(modelId).catch(() => undefined);
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error('download cancelled');
    }
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', stop);
  }
  return new WebLlmLabelEngine(engine, options.name, record.overrides?.context_window_size ?? 4096);
}
