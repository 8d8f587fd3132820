import { describe, expect, it } from 'vitest';
import { REMOVAL_CAUSES, type RemovalCause } from '../../../src/decisions/causes';
import type { Decision, Evidence } from '../../../src/decisions/types';
import { causeEvidence, causeName, readerCause, removalWords, spacedText, type ReaderCause } from '../../../src/render/vocabulary';
import { makeBlock } from '../../helpers/block';

const ENGINE = /<[a-z]+>|marked “|Readability|GCE|SORE|stage|score|threshold|profile|model|[a-z]+:[a-z]/i;

function removal(evidence: Evidence, cause?: RemovalCause): Decision {
  return { block: 0, kept: false, stage: 'structure', reason: 'engine words (Readability) <div> marked “x”', cause, evidence };
}

describe('the reader vocabulary', () => {
  it('names every cause and its evidence without engine words', () => {
    const causes = Object.keys(REMOVAL_CAUSES).filter((c): c is ReaderCause => c !== 'stage-decided');
    for (const cause of causes) {
      const words = `${causeName(cause)}: ${causeEvidence(cause, { links: 12, words: 30, images: 0, blocks: 3 })}`;
      expect(words, cause).not.toMatch(ENGINE);
    }
  });

  it('says "Site menu: 12 links" for a menu, counting links when the piece is mostly links', () => {
    const menu = makeBlock(0, 'text', 'Home News Sport Weather', { linkCount: 12, linkTextLength: 23 });
    expect(removalWords(removal({ kind: 'named-rule', rule: 'nav-menu' }, 'nav-menu'), [menu])).toBe('Site menu: 12 links');
    const signup = makeBlock(0, 'text', 'Get our newsletter every morning');
    expect(removalWords(removal({ kind: 'empty' }, 'newsletter-signup'), [signup])).toBe('Sign-up box: asks for your e-mail');
  });

  it('names a removal without a specific cause by its evidence, never as a catch-all', () => {
    const text = makeBlock(0, 'text', 'Some paragraph the extractor left out');
    const links = makeBlock(0, 'text', 'One Two Three', { linkCount: 3, linkTextLength: 13 });
    const stageDecided = (evidence: Evidence) => removal(evidence, 'stage-decided');
    expect(readerCause(stageDecided({ kind: 'structural-extractor', extractor: 'readability', kept: false }), [text])).toBe('outside-container');
    expect(readerCause(stageDecided({ kind: 'structural-extractor', extractor: 'readability', kept: false }), [links])).toBe('link-cluster');
    expect(readerCause(stageDecided({ kind: 'perplexity', perplexity: 90000, lang: 'de' }), [text])).toBe('ill-formed-text');
    expect(readerCause(stageDecided({ kind: 'outlier-group', group: 'newsletter', phrase: 'subscribe', similarity: 0.8 }), [text])).toBe('outlier-group');
    expect(readerCause(stageDecided({ kind: 'lm-label', model: 'onnx:Qwen3-0.6B', label: 'other', item: 3 }), [text])).toBe('lm-label');
    expect(removalWords(stageDecided({ kind: 'lm-label', model: 'onnx:Qwen3-0.6B', label: 'other', item: 3 }), [text])).not.toMatch(/Qwen|onnx/);
  });

  it('names a piece beside the article that is mostly links a list of links, by its link count', () => {
    const outside = removal({ kind: 'outside-main-container', container: 3 }, 'outside-container');
    const links = makeBlock(0, 'text', 'Politics Business Science Health', { linkCount: 4, linkTextLength: 32 });
    const prose = makeBlock(0, 'text', 'A paragraph that sat beside the article with one link in it', { linkCount: 1, linkTextLength: 8 });
    expect(readerCause(outside, [links])).toBe('link-cluster');
    expect(removalWords(outside, [links])).toBe('List of links: 4 links');
    expect(readerCause(outside, [prose])).toBe('outside-container');
  });

  it('spaces the words of link-heavy text that the page ran together', () => {
    expect(spacedText({ text: 'Cocktails & AlcoholLife SkillsWine', linkCount: 3 })).toBe('Cocktails & Alcohol · Life Skills · Wine');
    expect(spacedText({ text: 'Cocktails & AlcoholLife SkillsWine', linkCount: 0 })).toBe('Cocktails & AlcoholLife SkillsWine');
    expect(spacedText({ text: 'Read about iPhone and McDonald', linkCount: 2 })).toBe('Read about iPhone and McDonald');
  });
});
