/** A structural check of what the content script handed back, before the reader trusts it as an Extraction. */
import type { Extraction } from '@/src/pipeline/types';

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
