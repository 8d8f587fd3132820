/**
 * The corrections stage and the rules file: a saved rule flips its block with the user's reason, a rule whose block is
 * gone is counted and changes nothing, and an import file is read (or refused with a reason) as a whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { blockSignature } from '../../../src/corrections/signature';
import { correctionsFile, mergeSites, parseCorrectionsFile, type CorrectionRule } from '../../../src/corrections/rules';
import { labelledPage, labelledPageProblem } from '../../../src/corrections/labelled-data';
import { isKept } from '../../../src/decisions/record';
import { runCorrectionsStage, runStructuralStages } from '../../../src/pipeline/extract-page';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const PARAGRAPHS = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the balcony tomato guide explains one more step of the growing season in detail, with enough words to read as prose.</p>`).join('');
const PAGE = `<nav class="menu"><a href="/a">Seeds</a> <a href="/b">Pots</a> <a href="/c">Soil</a></nav>
  <main><article><h1>Balcony tomatoes</h1>${PARAGRAPHS}<p class="promo">Sign up for our newsletter today.</p></article></main>
  <footer><p>Copyright Garden Weekly, all rights reserved.</p></footer>`;

function extractionOf(html: string) {
  document.body.innerHTML = html;
  const { snapshot } = takeSnapshot(document);
  return runStructuralStages(snapshot);
}

function rule(html: string, text: string, kept: boolean): CorrectionRule {
  const { snapshot } = extractionOf(html);
  const block = snapshot.blocks.find((b) => b.text.includes(text))!;
  return { signature: blockSignature(snapshot, block), kept, savedAt: '2026-11-22' };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('corrections stage', () => {
  it('applies saved rules with the user reason, and counts the ones that no longer match', () => {
    const rules = [rule(PAGE, 'Copyright', true), rule(PAGE, 'Paragraph 3', false), rule(PAGE.replace('</footer>', '<p>Old banner text that is gone now.</p></footer>'), 'Old banner', false)];
    const extraction = runCorrectionsStage(extractionOf(PAGE), rules);
    const { snapshot, record } = extraction;
    const footer = snapshot.blocks.find((b) => b.text.includes('Copyright'))!;
    const third = snapshot.blocks.find((b) => b.text.includes('Paragraph 3'))!;
    expect(isKept(record, footer.id)).toBe(true);
    expect(isKept(record, third.id)).toBe(false);
    expect(record.decisions[third.id].reason).toBe('Your correction for localhost (saved 2026-11-22)');
    expect(record.decisions[third.id].cause).toBe('user-correction');
    const run = record.runs.find((r) => r.path === 'corrections')!;
    expect(run.note).toBe('2 saved corrections applied; 1 saved correction no longer matches this page');
  });

  it('exports a labelled line in the benchmark format with the user verdicts', () => {
    const extraction = extractionOf(PAGE);
    const third = extraction.snapshot.blocks.find((b) => b.text.includes('Paragraph 3'))!;
    const line = labelledPage(extraction, '<html><body>x</body></html>', new Map([[third.id, false]]));
    expect(labelledPageProblem(JSON.parse(JSON.stringify(line)))).toBeNull();
    expect(line.truth_text).toContain('Paragraph 2');
    expect(line.truth_text).not.toContain('Paragraph 3');
    expect(line.blocks.find((b) => b.id === third.id)!.label).toBe('boilerplate');
  });
});

describe('corrections file', () => {
  const sites = { 'https://example.org': [rule(PAGE, 'Copyright', true)] };

  it('round-trips', () => {
    const parsed = parseCorrectionsFile(JSON.stringify(correctionsFile(sites)));
    expect(parsed).toEqual({ ok: true, sites });
  });

  it('refuses malformed and foreign files with a reason', () => {
    expect(parseCorrectionsFile('{"format": "pith-corr')).toMatchObject({ ok: false, error: expect.stringMatching(/^This file is not JSON/) });
    expect(parseCorrectionsFile('{"bookmarks": []}')).toMatchObject({ ok: false, error: expect.stringMatching(/not a Pith corrections file/) });
    expect(parseCorrectionsFile(JSON.stringify({ ...correctionsFile(sites), version: 9 }))).toMatchObject({ ok: false, error: expect.stringMatching(/version 9, newer/) });
    const broken = correctionsFile({ 'https://example.org': [{ ...sites['https://example.org'][0], kept: 'yes' as unknown as boolean }] });
    expect(parseCorrectionsFile(JSON.stringify(broken))).toMatchObject({ ok: false, error: expect.stringMatching(/rule 1 for https:\/\/example.org has no "kept"/) });
    expect(parseCorrectionsFile(JSON.stringify(correctionsFile({ 'not a site': [] })))).toMatchObject({ ok: false, error: expect.stringMatching(/not a web site origin/) });
  });

  it('migrates a version 1 file (rules by exact path)', () => {
    const v1 = { format: 'pith-corrections', version: 1, sites: { 'https://example.org': [{ path: 'body>main:1>p:2', keep: false, saved: Date.UTC(2026, 10, 1) }] } };
    const parsed = parseCorrectionsFile(JSON.stringify(v1));
    expect(parsed.ok && parsed.sites['https://example.org'][0]).toMatchObject({ kept: false, savedAt: '2026-11-01', signature: { exactPath: 'body>main:1>p:2' } });
  });

  it('a newer rule for the same block replaces the older one on merge', () => {
    const flipped = { ...sites['https://example.org'][0], kept: false, savedAt: '2026-11-23' };
    const merged = mergeSites(sites, { 'https://example.org': [flipped] });
    expect(merged['https://example.org']).toEqual([flipped]);
  });
});
