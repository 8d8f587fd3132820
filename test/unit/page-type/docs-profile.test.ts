/**
 * The documentation profile on a page laid out as MDN's is (title and introduction in a header beside the body, a
 * table of contents between them), with a keyboard-shortcut help popup as mdBook ships it. happy-dom lays nothing
 * out, so Readability decides; it takes the body and leaves the introduction out, as it does on such pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, isKept } from '../../../src/decisions/record';
import type { DecisionRecord } from '../../../src/decisions/types';
import { profileDecisions } from '../../../src/page-type/profiles';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import type { PageSnapshot } from '../../../src/snapshot/types';
import { pageSnapshot } from './page-snapshot';

const PAGE = readFileSync(join(__dirname, '../../fixtures/pages/page-types/documentation-lead.html'), 'utf8');

function structural() {
  const snapshot = pageSnapshot(PAGE);
  const { record } = runStructuralStages(snapshot, { layoutPolicy: 'readability' });
  return { snapshot, record };
}

const block = (snapshot: PageSnapshot, text: string) => snapshot.blocks.find((b) => b.text.startsWith(text))!;

function keptAfterProfile(snapshot: PageSnapshot, record: DecisionRecord) {
  const profile = profileDecisions('documentation', snapshot, record)!;
  for (const d of profile.decisions) decide(record, d);
  return { profile, kept: (text: string) => isKept(record, block(snapshot, text).id) };
}

function droppedByExtractor(record: DecisionRecord, id: number, cause: 'stage-decided' | 'link-cluster') {
  decide(record, { block: id, kept: false, stage: 'readability', cause, reason: 'test', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: false } });
}

describe('documentation profile', () => {
  it('brings back the introduction under the title, with its code, but not the buttons, the language label or the table of contents', () => {
    const { snapshot, record } = structural();
    expect(isKept(record, block(snapshot, 'A request that fails').id)).toBe(false);
    const { profile, kept } = keptAfterProfile(snapshot, record);
    for (const text of ['A request that fails', 'Kestrel can resend', 'const client = kestrel.create', 'This page explains']) expect(kept(text)).toBe(true);
    expect(profile.decisions.find((d) => d.block === block(snapshot, 'A request that fails').id)?.reason).toBe('Documentation: the introduction under the page title');
    expect(profile.reason).toContain('4 blocks of the introduction under the title kept');
    for (const text of ['Copy page', 'In this article', 'Switching retries off']) {
      const b = snapshot.blocks.find((x) => x.text.startsWith(text) && x.id < block(snapshot, 'Only requests').id)!;
      expect(isKept(record, b.id), text).toBe(false);
    }
    expect(snapshot.blocks.filter((b) => b.text === 'js').every((b) => !isKept(record, b.id))).toBe(true);
  });

  it('brings back nothing above a title the structural extractor kept (the introduction was read with it)', () => {
    const { snapshot, record } = structural();
    const title = snapshot.blocks.find((b) => b.kind === 'heading' && b.text === 'Retrying requests')!;
    decide(record, { block: title.id, kept: true, stage: 'readability', reason: 'test', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: true } });
    const { profile } = keptAfterProfile(snapshot, record);
    expect(profile.reason).not.toContain('introduction');
  });

  it('keeps a section whose heading is a link to itself, and the code example in it, without the example’s buttons', () => {
    const { snapshot, record } = structural();
    const heading = snapshot.blocks.find((b) => b.kind === 'heading' && b.text.startsWith('Waiting between attempts'))!;
    const example = snapshot.blocks.filter((b) => b.id > block(snapshot, 'The wait doubles').id && b.id < block(snapshot, 'With four attempts').id);
    droppedByExtractor(record, heading.id, 'link-cluster');
    for (const b of example) droppedByExtractor(record, b.id, 'stage-decided'); // its file tab, buttons, code, "Show more"
    const { profile } = keptAfterProfile(snapshot, record);
    expect(isKept(record, heading.id)).toBe(true);
    expect(profile.decisions.find((d) => d.block === heading.id)?.reason).toMatch(/^Documentation: a section between kept sections/);
    const code = snapshot.blocks.find((b) => b.kind === 'code' && b.text.startsWith('for (const wait'))!;
    expect(isKept(record, code.id)).toBe(true);
    expect(profile.decisions.find((d) => d.block === code.id)?.reason).toBe('Documentation: a code example between kept paragraphs');
    for (const b of example.filter((x) => x.kind !== 'code')) expect(isKept(record, b.id), b.text).toBe(false);
  });
});
