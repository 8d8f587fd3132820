import { describe, expect, it } from 'vitest';
import { defaultVoice, speechQueue, spokenWord } from '../../../src/reading/speech-queue';

describe('speech queue', () => {
  it('reads the title, then each sentence in order, and names a code block instead of reading it', () => {
    const queue = speechQueue(
      [
        { kind: 'title', text: 'Tides explained' },
        { kind: 'text', text: 'The moon pulls the sea. The sun does too, less strongly.' },
        { kind: 'code', text: 'let a = 1;\nlet b = 2;' },
        { kind: 'caption', text: 'A tide table for May.' },
      ],
      'en',
    );
    expect(queue.map((s) => s.spoken)).toEqual([
      'Tides explained',
      'The moon pulls the sea.',
      'The sun does too, less strongly.',
      'A code block of 2 lines, not read aloud.',
      'A tide table for May.',
    ]);
    expect(queue[2]).toMatchObject({ piece: 1, start: 24, end: 56 });
    expect(queue[3].start).toBe(-1);
  });

  it('maps a word boundary to the word in the piece, with or without a reported length', () => {
    const [, second] = speechQueue([{ kind: 'text', text: 'First one. Then the second sentence.' }], 'en');
    expect(spokenWord(second, 5, 3)).toEqual([16, 19]);
    expect(spokenWord(second, 9)).toEqual([20, 26]);
    expect(spokenWord(second, 400)).toBeNull();
  });

  it('picks a voice for the article language, preferring the default one', () => {
    const voices = [
      { name: 'A', lang: 'en-US', default: true },
      { name: 'B', lang: 'de-DE', default: false },
      { name: 'C', lang: 'de-AT', default: false },
    ];
    expect(defaultVoice(voices, 'de')?.name).toBe('B');
    expect(defaultVoice(voices, 'de-AT')?.name).toBe('C');
    expect(defaultVoice(voices, 'fr')).toBeUndefined();
    expect(defaultVoice(voices, '')?.name).toBe('A');
  });
});
