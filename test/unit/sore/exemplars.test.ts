import { describe, expect, it } from 'vitest';
import { exemplarKey, labelSegment, prepareTruth, validateExemplars } from '../../../src/sore/exemplars';

const truth = prepareTruth('Copper prices climb\n\nCopper rose to its highest price in two years, traders said.\n\nThe union will vote on Friday after an advertisement campaign.');

describe('labelling mined segments against the truth', () => {
  it('a sentence the truth contains is content, whatever its punctuation and case', () => {
    expect(labelSegment('COPPER rose to its highest price in two years — traders said', truth)).toBe('content');
  });
  it('a heading that is a truth line is content; a label only found inside a sentence is left out', () => {
    expect(labelSegment('Copper prices climb', truth)).toBe('content');
    expect(labelSegment('Advertisement', truth)).toBeUndefined();
  });
  it('lines absent from the truth are boilerplate', () => {
    expect(labelSegment('Image 1 of 23', truth)).toBe('boilerplate');
    expect(labelSegment('Get our newsletter delivered every morning to your inbox', truth)).toBe('boilerplate');
  });
  it('a sentence sharing most of its wording with the truth but not found in it is left out', () => {
    expect(labelSegment('Copper rose to its highest price in two years, analysts said.', truth)).toBeUndefined();
  });
  it('dedupes up to numbers; bad file entries are dropped with a reason', () => {
    expect(exemplarKey('Image 1 of 23')).toBe(exemplarKey('image 4 of 9'));
    const { exemplars, problems } = validateExemplars({ version: 1, exemplars: [{ text: 'Advert', label: 'boilerplate', pages: 3 }, { text: '', label: 'content' }, { text: 'x', label: 'spam' }] });
    expect(exemplars).toEqual([{ text: 'Advert', label: 'boilerplate', pages: 3 }]);
    expect(problems).toHaveLength(2);
  });
});
