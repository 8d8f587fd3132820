import { describe, expect, it } from 'vitest';
import { statusSummary } from '../../../src/render/status';
import { buildExtraction, kept, removed } from './fixtures';

describe('the reader status line', () => {
  const html = '<article><p data-pith-block="0">Kept paragraph.</p><p data-pith-block="1">Menu</p></article>';

  it('says which path ran and how much was kept', () => {
    const status = statusSummary(buildExtraction({ html, mode: 'Layout (GCE, M3 best)', decisions: { 0: kept(), 1: removed() } }));
    expect(status.text).toBe('Layout (GCE, M3 best) · 1 of 2 blocks kept');
    expect(status.warning).toBeNull();
  });

  it('warns when a huge page was read only in part', () => {
    const extraction = buildExtraction({ html, decisions: { 0: kept(), 1: removed() } });
    extraction.snapshot.stats = { ...extraction.snapshot.stats, truncated: true, elements: 60_001 };
    expect(statusSummary(extraction).warning).toMatch(/very large.*first 60,001 elements/);
  });
});
