/**
 * Deep clean's WebLLM engine (WebGPU): the same constraint as a JSON schema (every id required, each "main" or
 * "other", nothing else), which WebLLM's grammar mode enforces while decoding. Written against the few calls of
 * `@mlc-ai/web-llm`'s engine it uses, so it is tested with an engine that obeys them; WebLLM itself (package,
 * weights, a GPU) is not available on the machines this was built on.
 */
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';

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
    return `WebGPU failed: ${error instanceof Error ? error.message : String(error)}`;
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
