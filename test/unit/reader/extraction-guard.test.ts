/** What the extraction content script hands back crosses to the background as one JSON string, checked on arrival. */
import { describe, expect, it } from 'vitest';
import { encodePayload, payloadExtraction } from '../../../ext/extraction-guard';
import type { Extraction } from '../../../src/pipeline/types';

const extraction = {
  snapshot: { url: 'https://example.org/story', html: '<p data-pith-block="0">Hello</p>', lang: 'en', blocks: [], metadata: {} },
  record: { decisions: [], runs: [] },
  mode: 'structural',
  mainNode: 0,
  timings: {},
} as unknown as Extraction;

describe('extraction payload', () => {
  it('is a string that gives back the same extraction and marks', () => {
    const encoded = encodePayload({ extraction, marks: [{ name: 'extract:start', at: 1 }] });
    expect(typeof encoded).toBe('string');
    expect(payloadExtraction(encoded)).toEqual({ extraction, marks: [{ name: 'extract:start', at: 1 }] });
  });

  it('refuses a damaged string or something that is not an extraction, instead of throwing', () => {
    expect(payloadExtraction(encodePayload({ extraction, marks: [] }).slice(0, 40))).toBeUndefined();
    expect(payloadExtraction(JSON.stringify({ extraction: { snapshot: {} }, marks: [] }))).toBeUndefined();
    expect(payloadExtraction('null')).toBeUndefined();
  });
});
