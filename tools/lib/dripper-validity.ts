/**
 * For `npx tsx tools/dripper-validity.ts`: a label engine that checks every answer it gives with the stage's own answer
 * reader (`parseLabels`) and keeps, per chunk, the ids asked, the prompt tokens, the decoding steps and the time.
 */
import { MalformedAnswerError, parseLabels } from '../../src/dripper/labels';
import type { LabelAnswer, LabelEngine, LabelRequest } from '../../src/dripper/types';

export type AnswerCheck = { valid: true } | { valid: false; reason: string };

/** Valid: the answer parses as a JSON object that labels exactly the chunk's ids, once each, "main" or "other". */
export function checkAnswer(text: string, ids: readonly string[]): AnswerCheck {
  try {
    parseLabels(text, ids); // throws unless every id is labelled exactly once, "main" or "other"
    return { valid: true };
  } catch (error) {
    if (error instanceof MalformedAnswerError) return { valid: false, reason: error.message };
    throw error;
  }
}

export interface ChunkRecord {
  ids: number;
  promptTokens: number;
  steps: number;
  ms: number;
  check: AnswerCheck;
}

/** Wraps an engine; `chunks` holds what each `label` call gave since the last `reset()`. */
export class CheckingEngine implements LabelEngine {
  chunks: ChunkRecord[] = [];

  constructor(private readonly inner: LabelEngine) {}

  get model(): string {
    return this.inner.model;
  }
  get backend(): string {
    return this.inner.backend;
  }
  get contextTokens(): number {
    return this.inner.contextTokens;
  }

  reset(): void {
    this.chunks = [];
  }

  countTokens(texts: readonly string[]): Promise<number[]> {
    return this.inner.countTokens(texts);
  }

  async label(request: LabelRequest, signal?: AbortSignal): Promise<LabelAnswer> {
    const answer = await this.inner.label(request, signal);
    this.chunks.push({ ids: request.ids.length, promptTokens: answer.promptTokens, steps: answer.steps, ms: answer.ms, check: checkAnswer(answer.text, request.ids) });
    return answer;
  }
}
