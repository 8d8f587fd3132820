import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, emptyRecord } from '../../../src/decisions/record';
import type { DecisionRecord } from '../../../src/decisions/types';
import { parseModelFile, modelFileName } from '../../../src/perplexity/load';
import type { ModelLanguage } from '../../../src/perplexity/languages';
import { applyPerplexity, type ModelLoader } from '../../../src/perplexity/stage';
import type { Block, PageSnapshot } from '../../../src/snapshot/types';
import { makeBlock } from '../../helpers/block';
import { REPO_ROOT } from '../../helpers/models';

/** The shipped models, read from public/ as the extension and the CLI page fetch them. */
const shippedModels: ModelLoader = (lang: ModelLanguage) => {
  const bytes = readFileSync(join(REPO_ROOT, 'public/perplexity', modelFileName(lang)));
  return parseModelFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
};

function snapshotOf(blocks: Block[], lang = 'de'): PageSnapshot {
  return { url: 'http://127.0.0.1/', lang, dir: 'ltr', blocks } as unknown as PageSnapshot;
}

function allKept(blocks: Block[]): DecisionRecord {
  const record = emptyRecord();
  for (const b of blocks) decide(record, { block: b.id, kept: true, stage: 'gce', reason: 'Inside the main content', evidence: { kind: 'main-container', container: 0 } });
  return record;
}

const GERMAN_PARAGRAPHS = [
  'Die Bundesregierung hat am Mittwoch einen Gesetzentwurf beschlossen, der die Förderung erneuerbarer Energien in den kommenden Jahren deutlich ausweiten soll.',
  'Nach Angaben des Ministeriums sollen vor allem kleinere Gemeinden von dem Programm profitieren, die bisher kaum Zugang zu solchen Mitteln hatten.',
  'Kritiker bemängeln jedoch, dass die Finanzierung des Vorhabens noch nicht gesichert sei und die Kosten am Ende von den Verbrauchern getragen werden müssten.',
  'Der Bundestag soll sich noch vor der Sommerpause mit dem Entwurf befassen.',
];
const GERMAN_MENU = 'Startseite Politik Wirtschaft Sport Kultur Wissen Reisen Meinung Anmelden Abo';

describe('perplexity stage', () => {
  it('removes a German menu line with its reason and keeps every paragraph', async () => {
    const blocks = [...GERMAN_PARAGRAPHS.slice(0, 2), GERMAN_MENU, ...GERMAN_PARAGRAPHS.slice(2)].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels);
    expect(result.page.lang).toBe('de');
    const menu = record.decisions[2]!;
    expect(menu.kept).toBe(false);
    expect(menu.cause).toBe('ill-formed-text');
    expect(menu.reason).toMatch(/^Ill-formed text \(perplexity [\d,]+ > [\d,]+, German model\)$/);
    for (const id of [0, 1, 3, 4]) expect(record.decisions[id]!.kept).toBe(true);
    expect(record.runs.at(-1)).toMatchObject({ stage: 'perplexity', path: 'perplexity' });
  });

  it('never removes a line of fewer than 6 words, however improbable: short product and service lines are content as often as menus', async () => {
    const features = ['Gebürstetes Titangehäuse mit Saphirglas', 'Kabelloses Laden per Qi-Standard', 'Wasserdicht bis 50 Meter'];
    const blocks = [...GERMAN_PARAGRAPHS, ...features, GERMAN_MENU].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    // A cutoff below every perplexity: only the rule on length keeps the short lines.
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels, { wordCutoff: 10, charCutoff: 10, maxRemovedShare: 1, minWords: 6 });
    expect(result.verdicts.filter((v) => v.status === 'scored').length).toBe(blocks.length);
    for (const id of [4, 5, 6]) expect(record.decisions[id]!.kept, features[id - 4]).toBe(true);
    expect(record.decisions[7]!.kept).toBe(false);
  });

  it('leaves code, tables, captions, headings and list items alone, however unlike prose they are', async () => {
    const junk = 'const x = items.map((i) => i * 2); return x;';
    const blocks = [
      ...GERMAN_PARAGRAPHS.map((t, i) => makeBlock(i, 'text', t)),
      makeBlock(4, 'code', junk),
      makeBlock(5, 'table', 'Jahr Umsatz Gewinn 2021 4,2 0,3 2022 4,8 0,5'),
      makeBlock(6, 'heading', GERMAN_MENU),
      makeBlock(7, 'list-item', GERMAN_MENU),
      makeBlock(8, 'text', 'Abbildung 3 Umsatz Gewinn Quartal Vorjahr', { tag: 'figcaption' }),
      makeBlock(9, 'text', 'if (a < b) { swap(a, b); } else { return a[i] + b[j]; }'),
    ];
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels);
    for (const b of blocks) expect(record.decisions[b.id]!.kept).toBe(true);
    expect(result.verdicts.map((v) => v.block)).toEqual([0, 1, 2, 3]);
  });

  it('leaves label–value lines alone (credits, brands): data, not sentences, however high their perplexity', async () => {
    const fields = ['Moderation: Miriam Kühnel', 'Jacke: Bershka Rock: Zara Schuhe: Deichmann', 'Fotos: Agentur Nordlicht / Jens Brauer'];
    const blocks = [...GERMAN_PARAGRAPHS, ...fields, GERMAN_MENU].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels, { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 1 });
    for (const id of [4, 5, 6]) {
      expect(record.decisions[id]!.kept).toBe(true);
      expect(result.verdicts.some((v) => v.block === id)).toBe(false);
    }
    expect(record.decisions[7]!.kept).toBe(false);
    // Without their colons the same words are a line of names, scored (and over the cutoff) like the menu.
    const bare = [...fields.map((f) => f.replace(/:/g, '')), ...GERMAN_PARAGRAPHS].map((t, i) => makeBlock(i, 'text', t));
    const bareResult = await applyPerplexity(snapshotOf(bare), allKept(bare), shippedModels, { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 1, maxUnknownShare: 1 });
    expect(bareResult.verdicts.filter((v) => v.block < 3 && v.status === 'scored').length).toBe(3);
  });

  it('leaves a long field line alone when its value is a list (keywords, subject terms), but not a label before sentences', async () => {
    const english = [
      'The council agreed on Tuesday evening, after a long debate, to build a new library in the old town.',
      'The old library on the market square has been too small for years, the mayor said, and many classes sit in the hall.',
      'The new building is to have a large reading room, a garden and a room for events and readings.',
      'Work is to begin next spring, and the library should open in the year after the next election.',
    ];
    const keywords = 'Subject terms: Rural Schools; Grade Span Configuration; *Instructional Program Divisions; Middle Schools; Expenditure per Student; School District Size; Academic Persistence';
    const menuAfterLabel = 'Sections: Home News Sport Weather Business Culture Travel Opinion Podcasts Newsletters Sign In Subscribe Today';
    const blocks = [...english, keywords, menuAfterLabel].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks, 'en'), record, shippedModels, { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 1 });
    expect(result.verdicts.some((v) => v.block === 4)).toBe(false);
    expect(record.decisions[4]!.kept).toBe(true);
    // A label before a run of title-case words with no list separators is not a list: it is scored.
    expect(result.verdicts.find((v) => v.block === 5)?.status).toBe('scored');
  });

  it('leaves complete sentences, formulas and bulleted lines alone, however rare their words; scores fragments', async () => {
    const english = [
      'The council agreed on Tuesday evening, after a long debate, to build a new library in the old town.',
      'The old library on the market square has been too small for years, the mayor said, and many classes sit in the hall.',
      'The new building is to have a large reading room, a garden and a room for events and readings.',
      'Work is to begin next spring, and the library should open in the year after the next election.',
    ];
    const jargon = 'Kubernetes autoscalers reconcile Prometheus cardinality via Envoy sidecars and Istio telemetry.';
    const formula = 'Overhead Rate = Total Annual Overhead ÷ Billable Hours';
    const bullets = '- Pressure vacuum breakers - Reduced pressure preventers - Double check valve systems';
    const fragment = 'Kubernetes autoscalers Prometheus cardinality Envoy sidecars Istio telemetry';
    const blocks = [...english, jargon, formula, bullets, fragment].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks, 'en'), record, shippedModels, { wordCutoff: 100, charCutoff: 100, maxRemovedShare: 1, maxUnknownShare: 1 });
    // Formulas and bulleted lines are not scored; complete sentences are scored but never removed.
    for (const id of [5, 6]) expect(result.verdicts.some((v) => v.block === id)).toBe(false);
    for (const id of [0, 1, 2, 3, 4]) expect(result.verdicts.find((v) => v.block === id)).toMatchObject({ status: 'scored' });
    for (const id of [0, 1, 2, 3, 4, 5, 6]) expect(record.decisions[id]!.kept).toBe(true);
    // The same rare words without a sentence's shape are judged, and at this cutoff removed.
    expect(record.decisions[7]!.kept).toBe(false);
  });

  it('judges each language at its own cutoff (the word cutoff times the language scale)', async () => {
    const blocks = [...GERMAN_PARAGRAPHS.slice(0, 2), GERMAN_MENU, ...GERMAN_PARAGRAPHS.slice(2)].map((t, i) => makeBlock(i, 'text', t));
    const base = { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 0.3 };
    const plain = allKept(blocks);
    const menuPerplexity = (await applyPerplexity(snapshotOf(blocks), plain, shippedModels, { ...base, languageScale: {} })).verdicts.find((v) => v.block === 2);
    expect(menuPerplexity?.status).toBe('scored');
    const value = menuPerplexity!.status === 'scored' ? menuPerplexity!.perplexity : 0;
    // A German scale that puts the cutoff above the menu's perplexity keeps it; the reason names the scaled cutoff.
    const scaled = allKept(blocks);
    await applyPerplexity(snapshotOf(blocks), scaled, shippedModels, { ...base, languageScale: { de: (value * 1.01) / 12_000 } });
    expect(scaled.decisions[2]!.kept).toBe(true);
    const lower = allKept(blocks);
    await applyPerplexity(snapshotOf(blocks), lower, shippedModels, { ...base, wordCutoff: 24_000, languageScale: { de: (value * 0.5) / 24_000 } });
    expect(lower.decisions[2]!.kept).toBe(false);
    expect(lower.decisions[2]!.reason).toContain(`> ${Math.round(value * 0.5).toLocaleString('en-US')}, German model`);
  });

  it('leaves alone a block most of whose words the model does not know (a missed language, a run of names)', async () => {
    const names = 'Quarzelbrodt Wibbelsheim Zumpelkraut Brabbelquast Xylofonski Trimmelbach';
    const blocks = [...GERMAN_PARAGRAPHS.slice(0, 2), names, ...GERMAN_PARAGRAPHS.slice(2)].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels);
    expect(record.decisions[2]!.kept).toBe(true);
    expect(result.verdicts.find((v) => v.block === 2)).toMatchObject({ status: 'unknown-words', reason: expect.stringMatching(/^100% of its words are unknown to the \w+ model$/) });
    expect(result.note).toMatch(/1 left alone: \w+ \(mostly unknown words\)/);
  });

  it('leaves a block in a language without a model alone, and says why', async () => {
    const polish = 'Rada miasta zdecydowała we wtorek o budowie nowej biblioteki w centrum miasta, ponieważ stara jest zbyt mała dla dzieci.';
    const blocks = [...GERMAN_PARAGRAPHS.map((t, i) => makeBlock(i, 'text', t)), makeBlock(4, 'text', polish, { lang: 'pl' })];
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, shippedModels);
    expect(record.decisions[4]!.kept).toBe(true);
    expect(result.verdicts.find((v) => v.block === 4)).toMatchObject({ status: 'no-model', lang: 'pl', reason: expect.stringMatching(/no perplexity model for Polish/) });
    expect(record.runs.at(-1)!.note).toMatch(/1 left alone: Polish \(no model\)/);
  });

  it('detects German under a wrong lang="en" attribute', async () => {
    const blocks = GERMAN_PARAGRAPHS.map((t, i) => makeBlock(i, 'text', t));
    const result = await applyPerplexity(snapshotOf(blocks, 'en'), allKept(blocks), shippedModels);
    expect(result.page).toMatchObject({ lang: 'de', source: 'detected' });
  });

  it('scores a block under the model that fits it when the detector cannot tell two languages apart', async () => {
    // English text on a page marked lang="fr": franc puts French first or English ahead by less than its margin,
    // so French would be the guess; the French model finds the English sentences ill-formed, the English model does not.
    const english = [
      'We do not sell, trade, or otherwise transfer your personal information to outside parties unless we tell you in advance.',
      'When you interact with us using the application, our systems may collect information about the device you use.',
      'The application may use this permission to take a photo or show the live camera on your screen when you request it.',
    ];
    const blocks = english.map((t, i) => makeBlock(i, 'text', t));
    const frenchOnly: ModelLoader = (lang) => (lang === 'fr' ? shippedModels(lang) : Promise.reject(new Error('not loaded')));
    const asFrench = await applyPerplexity(snapshotOf(blocks, 'fr'), allKept(blocks), frenchOnly, { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 1, maxUnknownShare: 1 });
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks, 'fr'), record, shippedModels, { wordCutoff: 12_000, charCutoff: 6000, maxRemovedShare: 1, maxUnknownShare: 1 });
    for (const [i, v] of result.verdicts.entries()) {
      const french = asFrench.verdicts[i]!;
      expect(v).toMatchObject({ status: 'scored', lang: 'en', model: 'English model' });
      expect(french).toMatchObject({ status: 'scored', lang: 'fr' });
      if (v.status === 'scored' && french.status === 'scored') expect(v.perplexity).toBeLessThan(french.perplexity);
    }
    // Judged by the French model they would be ill-formed (complete sentences are never removed, but they are scored).
    expect(asFrench.verdicts.some((v) => v.status === 'scored' && v.perplexity > 12_000)).toBe(true);
    expect(result.verdicts.every((v) => v.status === 'scored' && v.perplexity < 12_000)).toBe(true);
    expect(record.decisions.every((d) => d.kept)).toBe(true);
  });

  it('keeps the structural result when a model cannot be loaded, and records the failure', async () => {
    const blocks = [...GERMAN_PARAGRAPHS, GERMAN_MENU].map((t, i) => makeBlock(i, 'text', t));
    const record = allKept(blocks);
    const result = await applyPerplexity(snapshotOf(blocks), record, () => Promise.reject(new Error('HTTP 404')));
    expect(record.decisions.every((d) => d.kept)).toBe(true);
    expect(result.verdicts[0]).toMatchObject({ status: 'model-failed', reason: expect.stringMatching(/HTTP 404/) });
  });
});
