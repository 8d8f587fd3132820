// @vitest-environment node
/**
 * An English-only model does not judge a page in another language: lorem ipsum, Japanese or Spanish pages keep
 * the structural result, English ones are read as before.
 */
import { describe, expect, it } from 'vitest';
import { runSore } from '../../../src/sore';
import { readsLanguage } from '../../../src/sore/language';
import { AXIS, GROUP_LABELS, KeywordEmbedder, axis, block, metadata, phraseIndex, recordKeeping, snapshot } from './fixtures';

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo ' +
  'consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.';
const ENGLISH =
  'The volcano began erupting on Monday night, and by morning the lava had reached the edge of the town. ' +
  'Officials said that the roads into the town would stay closed for at least a week, while scientists from the ' +
  'university measured the flow from a helicopter over the fissure.';
const JAPANESE =
  '一方で、脆弱な設定のフリーWi-Fiや攻撃者が設置した偽のフリーWi-Fiへの接続などによる情報漏えい、通信の盗み見などの' +
  'セキュリティリスクが危惧されているという。フリーWi-Fiプロテクションは、スマホ・タブレット向け総合セキュリティ対策アプリとして提供される。' +
  '同社は、公衆無線LANを安全に利用するための機能を順次追加していく予定だとしている。';
const SPANISH =
  'El volcán entró en erupción el lunes por la noche y por la mañana la lava había llegado a las afueras del pueblo. ' +
  'Las autoridades dijeron que las carreteras seguirían cerradas durante al menos una semana mientras los científicos ' +
  'medían el flujo desde un helicóptero.';

describe('readsLanguage', () => {
  const en = ['en'];
  it('an English-only model reads English, not lorem ipsum, Japanese or Spanish', () => {
    expect(readsLanguage(en, ENGLISH).reads).toBe(true);
    expect(readsLanguage(en, LOREM).reads).toBe(false);
    expect(readsLanguage(en, JAPANESE).reads).toBe(false);
    expect(readsLanguage(en, SPANISH).reads).toBe(false);
  });

  it('a multilingual model reads everything, and a text too short to tell is read', () => {
    expect(readsLanguage(undefined, LOREM).reads).toBe(true);
    expect(readsLanguage(en, 'Lorem ipsum dolor sit amet.').reads).toBe(true);
  });
});

describe('runSore on a page in a language the model does not read', () => {
  // "Links" lies on the social-media phrase's axis: on an English page it is removed as a social link.
  const embedder = () => {
    const e = new KeywordEmbedder([
      ['volcano', axis(AXIS.topic)],
      ['lorem', axis(AXIS.topic)],
      ['links', axis(AXIS.social)],
    ]);
    return Object.assign(e, { languages: ['en'] as const });
  };
  const pageOf = (prose: string) => {
    const blocks = [block(0, 'heading', 'Volcano notes'), block(1, 'text', prose), block(2, 'text', prose.split('. ')[0] + '.'), block(3, 'text', 'Links')];
    return { snapshot: snapshot(blocks, { metadata: metadata({ title: 'Volcano notes' }) }), record: recordKeeping(blocks, [0, 1, 2, 3]) };
  };

  it('removes nothing from a lorem-ipsum page and says why', async () => {
    const result = await runSore(pageOf(LOREM), { embedder: embedder(), index: phraseIndex(), groups: GROUP_LABELS }, { voteMargin: 0 });
    expect(result.run.path).toBe('skipped:language');
    expect(result.run.note).toMatch(/is not one test-keywords reads \(en\)/);
    expect(result.decisions).toEqual([]);
  });

  it('still removes the same line from an English page', async () => {
    const result = await runSore(pageOf(ENGLISH), { embedder: embedder(), index: phraseIndex(), groups: GROUP_LABELS }, { voteMargin: 0 });
    expect(result.run.path).toBe('sore');
    expect(result.decisions.find((d) => d.block === 3)).toMatchObject({ kept: false, evidence: { kind: 'outlier-group', group: 'social-media' } });
  });
});
