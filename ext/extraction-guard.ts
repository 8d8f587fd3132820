/** A structural check of what the content script handed back, before the reader trusts it as an Extraction. */
import type { Extraction } from '@/src/pipeline/types';
import type { TimelineMark } from './timeline';

/** What the extraction content script hands back: the extraction and when it started and ended in the page. */
export interface PageReadPayload {
  extraction: Extraction;
  marks: TimelineMark[];
}

/**
 * The payload as the content script returns it: one JSON string. The browser passes a string from the page to the
 * background as it is, where an object is converted property by property twice on the way (in the page's renderer
 * and in the browser): tens of milliseconds for an ordinary page, seconds for a huge one.
 */
export function encodePayload(payload: PageReadPayload): string {
  return JSON.stringify(payload);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isExtraction(value: unknown): value is Extraction {
  if (!isRecord(value)) return false;
  const { snapshot, record } = value;
  return (
    isRecord(snapshot) &&
    typeof snapshot.url === 'string' &&
    typeof snapshot.html === 'string' &&
    typeof snapshot.lang === 'string' &&
    Array.isArray(snapshot.blocks) &&
    isRecord(snapshot.metadata) &&
    isRecord(record) &&
    Array.isArray(record.decisions) &&
    Array.isArray(record.runs) &&
    typeof value.mode === 'string' &&
    typeof value.mainNode === 'number' &&
    isRecord(value.timings)
  );
}

/** The extraction inside a content script's answer (its JSON string, or the object), or undefined. */
export function payloadExtraction(answer: unknown): PageReadPayload | undefined {
  let value = answer;
  if (typeof answer === 'string') {
    try {
      value = JSON.parse(answer);
    } catch {
      return undefined;
    }
  }
  if (!isRecord(value) || !isExtraction(value.extraction)) return undefined;
  const marks = Array.isArray(value.marks) ? value.marks.filter((m): m is TimelineMark => isRecord(m) && typeof m.name === 'string' && typeof m.at === 'number') : [];
  return { extraction: value.extraction, marks };
}
