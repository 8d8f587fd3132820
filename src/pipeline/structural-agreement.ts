import type { PageSnapshot } from '../snapshot/types';

/**
 * GCE reads layout; Readability reads markup. When both have an answer and they disagree badly, the layout answer is
 * more often the wrong one (a sub-column or a whole-page wrapper), so GCE's container is only trusted when it holds
 * most of the structural extractor's text (coverage) and is not mostly something else (purity).
 */
export const MIN_COVERAGE = 0.7;
export const MIN_PURITY = 0.5;

export interface Agreement {
  coverage: number; // share of Readability's kept text inside GCE's kept text
  purity: number; // share of GCE's kept text that Readability also kept
  agrees: boolean;
}

export function structuralAgreement(snapshot: PageSnapshot, gceKept: Set<number>, readabilityKept: Set<number>): Agreement {
  let both = 0;
  let gce = 0;
  let readability = 0;
  for (const block of snapshot.blocks) {
    const length = block.text.length;
    const inGce = gceKept.has(block.id);
    const inReadability = readabilityKept.has(block.id);
    if (inGce) gce += length;
    if (inReadability) readability += length;
    if (inGce && inReadability) both += length;
  }
  const coverage = readability > 0 ? both / readability : 1;
  const purity = gce > 0 ? both / gce : 0;
  return { coverage, purity, agrees: coverage >= MIN_COVERAGE && purity >= MIN_PURITY };
}
