import { describe, expect, it } from 'vitest';
import { chunkPage, ContextOverflowError, planChunks } from '../../../src/dripper/chunk';
import { MalformedAnswerError, parseLabels } from '../../../src/dripper/labels';
import { simplifyPage } from '../../../src/dripper/simplify';
import { longSnapshot } from './fixtures';

/** About four characters a token, like byte-level BPE on English HTML. */
const countTokens = async (texts: readonly string[]) => texts.map((t) => Math.ceil(t.length / 4));

describe('chunking within the context budget', () => {
  it('puts every item in exactly one chunk, in order, and every prompt plus its answer fits', async () => {
    const page = simplifyPage(longSnapshot(300));
    for (const contextTokens of [1024, 2048, 8192]) {
      const chunks = await chunkPage(page, { title: 'A long page', contextTokens, countTokens });
      expect(chunks.flatMap((c) => c.items)).toEqual(page.items.map((i) => i.itemId));
      for (const chunk of chunks) {
        const [promptTokens] = await countTokens([chunk.prompt]);
        const answer = (await countTokens(chunk.ids.map((id) => `"${id}":"other",`))).reduce((a, b) => a + b, 2);
        expect(promptTokens + answer).toBeLessThanOrEqual(contextTokens);
        expect(chunk.prompt).toContain('Page title: A long page');
        for (const id of chunk.ids) expect(chunk.prompt).toContain(`_item_id="${id}"`);
      }
      if (contextTokens === 1024) expect(chunks.length).toBeGreaterThan(3);
    }
  });

  it('shows each chunk its neighbouring blocks without an id', async () => {
    const chunks = await chunkPage(simplifyPage(longSnapshot(300)), { title: 't', contextTokens: 1024, countTokens });
    const second = chunks[1];
    const before = second.items[0] - 1;
    expect(second.prompt).toContain(`Paragraph ${before - 1} of the long page`); // block ids are item ids − 1
    expect(second.prompt).not.toContain(`_item_id="${before}"`);
  });

  it('refuses a block that cannot fit, and a page that needs too many chunks', async () => {
    expect(() => planChunks({ itemTokens: [10, 5000], answerTokens: [5, 5], fixedTokens: 100, contextTokens: 1024 })).toThrow(ContextOverflowError);
    await expect(chunkPage(simplifyPage(longSnapshot(300)), { title: 't', contextTokens: 1024, countTokens, maxChunks: 2 })).rejects.toThrow(/more than the limit of 2/);
  });

  it('keeps every id exactly once over random budgets', () => {
    let seed = 3;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 200);
      const itemTokens = Array.from({ length: n }, () => 1 + Math.floor(random() * 60));
      const answerTokens = Array.from({ length: n }, () => 4 + Math.floor(random() * 4));
      const ranges = planChunks({ itemTokens, answerTokens, fixedTokens: 50, contextTokens: 50 + 70 + Math.floor(random() * 500) });
      const covered = ranges.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i));
      expect(covered).toEqual(Array.from({ length: n }, (_, i) => i));
    }
  });
});

describe('reading the answer', () => {
  it('gives one label per id', () => {
    expect([...parseLabels('{"1":"main","2":"other"}', ['1', '2'])]).toEqual([['1', 'main'], ['2', 'other']]);
  });

  it.each([
    ['not JSON', 'Sure! {"1":"main"', /not JSON/],
    ['a missing id', '{"1":"main"}', /missing ids 2/],
    ['an unknown id', '{"1":"main","2":"main","7":"other"}', /unknown ids 7/],
    ['a repeated id', '{"1":"main","1":"other","2":"main"}', /exactly once/],
    ['a label that is neither', '{"1":"main","2":"navigation"}', /labelled "navigation"/],
  ])('rejects %s', (_, text, message) => {
    expect(() => parseLabels(text, ['1', '2'])).toThrow(MalformedAnswerError);
    expect(() => parseLabels(text, ['1', '2'])).toThrow(message);
  });
});
