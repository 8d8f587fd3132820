/** Reads a model's answer: a JSON object with exactly the given ids, in order, each "main" or "other". */
import type { BlockLabel } from './types';

export class MalformedAnswerError extends Error {
  override name = 'MalformedAnswerError';
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function parseLabels(text: string, ids: readonly string[]): Map<string, BlockLabel> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedAnswerError(`the answer is not JSON: ${JSON.stringify(shorten(text))}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedAnswerError(`the answer is not a JSON object: ${JSON.stringify(shorten(text))}`);
  }
  // Keys in the order written (JSON.parse would hide repeats and reorder numeric keys).
  const keys = [...text.matchAll(/"((?:[^"\\]|\\.)*)"\s*:/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  const missing = ids.filter((id) => !keys.includes(id));
  const extra = keys.filter((k) => !ids.includes(k));
  if (missing.length || extra.length || keys.length !== ids.length) {
    const parts = [missing.length ? `missing ids ${missing.slice(0, 5).join(', ')}` : '', extra.length ? `unknown ids ${extra.slice(0, 5).join(', ')}` : '', keys.length > ids.length && !extra.length ? 'repeated ids' : ''];
    throw new MalformedAnswerError(`the answer does not cover the ${ids.length} blocks exactly once (${parts.filter(Boolean).join('; ')})`);
  }
  const labels = new Map<string, BlockLabel>();
  for (const id of ids) {
    const label = (value as Record<string, unknown>)[id];
    if (label !== 'main' && label !== 'other') throw new MalformedAnswerError(`block ${id} is labelled ${JSON.stringify(label)}, not "main" or "other"`);
    labels.set(id, label);
  }
  return labels;
}
