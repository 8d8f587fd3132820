import { describe, expect, it } from 'vitest';
import { candidateLanguages } from '../../../src/perplexity/detect';

describe('candidate languages of a block', () => {
  const english = { lang: 'en', confidence: 1, source: 'attribute' as const };

  it('keeps the page language a candidate when the detector takes a line of names for another language', () => {
    // franc-min: Swedish 1.00, German 0.94, Dutch 0.91 — English is not among its guesses.
    const line = 'Manchester United sign Brazilian striker Fernando Lima';
    const candidates = candidateLanguages(line, undefined, english);
    expect(candidates[0]).not.toBe('en');
    expect(candidates).toContain('en');
  });

  it('adds the languages the detector cannot tell from its best guess, most likely first', () => {
    const text = 'We do not sell, trade, or otherwise transfer your personal information to outside parties unless we tell you in advance.';
    expect(candidateLanguages(text, 'fr').slice(0, 2)).toEqual(['fr', 'en']);
  });

  it('gives a text too short to detect only its attribute or the page language', () => {
    expect(candidateLanguages('Weiter lesen', 'de', english)).toEqual(['de', 'en']);
    expect(candidateLanguages('Read more', undefined, english)).toEqual(['en']);
  });
});
