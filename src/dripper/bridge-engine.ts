/**
 * A label engine that lives elsewhere (the CLI's Node process, the extension's model host), reached through one
 * async call. The stage runs where the page is; only prompts, token counts and answers cross.
 */
import type { LabelAnswer, LabelEngine, LabelRequest } from './types';

export type LmCall =
  | { op: 'count'; texts: readonly string[] }
  | { op: 'label'; request: LabelRequest; timeoutMs?: number };

export interface EngineInfo {
  model: string;
  backend: string;
  contextTokens: number;
}

export function bridgeEngine(info: EngineInfo, call: (message: LmCall) => Promise<unknown>, timeoutMs?: number): LabelEngine {
  const started = performance.now();
  return {
    ...info,
    countTokens: async (texts) => (await call({ op: 'count', texts })) as number[],
    label: async (request, signal) => {
      signal?.throwIfAborted();
      const left = timeoutMs === undefined ? undefined : Math.max(1, timeoutMs - (performance.now() - started));
      return (await call({ op: 'label', request: { prompt: request.prompt, ids: [...request.ids] }, timeoutMs: left })) as LabelAnswer;
    },
  };
}

/** The other side: answers bridge calls with a real engine (the time limit travels as a number). */
export async function answerLmCall(engine: LabelEngine, message: LmCall): Promise<unknown> {
  if (message.op === 'count') return engine.countTokens(message.texts);
  const signal = message.timeoutMs === undefined ? undefined : AbortSignal.timeout(Math.ceil(message.timeoutMs));
  return engine.label(message.request, signal);
}
