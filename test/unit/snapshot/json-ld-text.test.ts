/** JSON-LD text as the reader shows it: what sites write into it as HTML or URL-encoded, read as words. */
import { describe, expect, it } from 'vitest';
import { plainValue } from '../../../src/snapshot/json-ld-text';

describe('a JSON-LD value as words', () => {
  it('decodes character references, once or escaped twice', () => {
    expect(plainValue('the potter&apos;s wheel kit')).toBe("the potter's wheel kit");
    expect(plainValue('black, white &amp;amp; green')).toBe('black, white & green');
  });

  it('drops tags: inline ones join the words around them, others end a word', () => {
    expect(plainValue('Gartenschlauch<wbr/>halter')).toBe('Gartenschlauchhalter');
    expect(plainValue('A <b>hand-thrown</b> bowl.<br>Dishwasher safe.')).toBe('A hand-thrown bowl. Dishwasher safe.');
  });

  it('leaves ordinary text, and a percent sign that is no escape, as they are', () => {
    expect(plainValue('Save 20% today on 100%cotton')).toBe('Save 20% today on 100%cotton');
    expect(plainValue('100%ZZ')).toBe('100%ZZ');
    expect(plainValue('Fat 47.5g & protein 20g')).toBe('Fat 47.5g & protein 20g');
  });
});
