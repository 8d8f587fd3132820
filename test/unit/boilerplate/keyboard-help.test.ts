/** The keyboard-shortcut help popup that documentation sites ship hidden in every page, read without their styles. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyRemovalRules } from '../../../src/boilerplate';
import { decide, emptyRecord, isKept } from '../../../src/decisions/record';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { pageSnapshot } from '../page-type/page-snapshot';

const PAGE = readFileSync(join(__dirname, '../../fixtures/pages/page-types/documentation-lead.html'), 'utf8');

describe('keyboard-help rule', () => {
  it('removes the help popup’s title and "Press … to …" lines, and keeps such a line in the article', () => {
    const snapshot = pageSnapshot(PAGE);
    const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
    const help = snapshot.blocks.filter((b) => b.text === 'Keyboard shortcuts' || /^Press .* (chapters|guide|help)$/.test(b.text));
    expect(help).toHaveLength(5);
    for (const b of help) {
      expect(isKept(record, b.id), b.text).toBe(false);
      expect(record.decisions[b.id]).toMatchObject({ cause: 'keyboard-help' });
    }
    expect(record.decisions[help[3]!.id]!.reason).toMatch(/^Keyboard-shortcut help dialog \(“Press \? to show this help” in “kestrel-help-popup”, 4 “Press … to …” lines\)/);
    const prose = snapshot.blocks.find((b) => b.text.startsWith('Press Ctrl+C to stop'))!;
    expect(isKept(record, prose.id)).toBe(true);
  });

  it('removes the popup on its own when the structural stages kept it (as on a page whose help sits inside the article)', () => {
    const snapshot = pageSnapshot(PAGE);
    const record = emptyRecord();
    for (const b of snapshot.blocks) decide(record, { block: b.id, kept: true, stage: 'gce', reason: 'test', evidence: { kind: 'main-container', container: 0 } });
    applyRemovalRules(snapshot, record);
    const title = snapshot.blocks.find((b) => b.text === 'Keyboard shortcuts')!;
    expect(record.decisions[title.id]).toMatchObject({ kept: false, cause: 'keyboard-help', evidence: { kind: 'named-rule', rule: 'keyboard-help' } });
    expect(record.decisions[title.id]!.reason).toBe('Keyboard-shortcut help dialog (“Keyboard shortcuts” in “kestrel-help-popup”, 4 “Press … to …” lines) — Pith\'s keyboard-help rule');
    expect(snapshot.blocks.filter((b) => record.decisions[b.id]!.cause === 'keyboard-help')).toHaveLength(5);
    expect(isKept(record, snapshot.blocks.find((b) => b.text.startsWith('Press Ctrl+C to stop'))!.id)).toBe(true);
  });
});
