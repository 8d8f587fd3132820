/** A structural check of what the content script handed back, before the reader trusts it as an Extraction. */
import type { Extraction } from '@/src/pipeline/types';
import type { TimelineMark } from './timeline';

/** What the extraction content script hands back: the extraction and when it started and ended in the page. */
export interface PageReadPayload {
  extraction: Extraction;
  marks: TimelineMark[];
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

/** The extraction inside a content script's answer (marks added to this context's timeline), or undefined. */
export function payloadExtraction(value: unknown): PageReadPayload | undefined {
  if (!isRecord(value) || !isExtraction(value.extraction)) return undefined;
  const marks = Array.isArray(value.marks) ? value.marks.filter((m): m is TimelineMark => isRecord(m) && typeof m.name === 'string' && typeof m.at === 'number') : [];
  return { extraction: value.extraction, marks };
}
