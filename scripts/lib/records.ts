/** Batch/benchmark input records ({"id","html","url"?,...} per line, the format of /work/shared/bench/*.jsonl.gz). */
import type { JsonLine } from './jsonl';

export interface PageRecord {
  id: string;
  html: string;
  url?: string | null;
  dataset?: string;
  lang?: string;
  truth_text?: string;
  with?: string[];
  without?: string[];
  /** WCXB's page type (article, forum, product, ...), where the dataset gives one. */
  page_type?: string;
}

/** A line that cannot be read as a page still yields an id, so its output line can say what went wrong. */
export type RecordOrError = { record: PageRecord } | { id: string; error: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function toRecord(line: JsonLine): RecordOrError {
  const fallbackId = `line-${line.lineNumber}`;
  if ('error' in line) return { id: fallbackId, error: line.error };
  const value = line.value;
  if (!isObject(value)) return { id: fallbackId, error: `line ${line.lineNumber} is not a JSON object` };
  const id = typeof value.id === 'string' || typeof value.id === 'number' ? String(value.id) : undefined;
  if (id === undefined) return { id: fallbackId, error: `line ${line.lineNumber} has no "id"` };
  if (typeof value.html !== 'string') return { id, error: 'record has no "html" string' };
  return {
    record: {
      id,
      html: value.html,
      url: optionalString(value.url),
      dataset: optionalString(value.dataset),
      lang: optionalString(value.lang),
      truth_text: optionalString(value.truth_text),
      with: stringList(value.with),
      without: stringList(value.without),
      page_type: optionalString(value.page_type),
    },
  };
}
