import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS, validateReaderSettings } from '../../../src/render/reader-settings';

describe('validateReaderSettings', () => {
  it('accepts valid settings', () => {
    const s = {
      fontSize: 22,
      contentWidth: 800,
      lineHeight: 1.8,
      theme: 'custom',
      fontFamily: 'dyslexic',
      fontWeight: 600,
      letterSpacing: 0.04,
      wordSpacing: 0.2,
      textAlign: 'justify',
      colors: { text: '#112233', background: '#fefefe', link: '#0000ff' },
    };
    expect(validateReaderSettings(s)).toEqual(s);
  });

  it('replaces bad or missing values with defaults and never throws', () => {
    expect(validateReaderSettings(undefined)).toEqual(DEFAULT_READER_SETTINGS);
    expect(validateReaderSettings('dark')).toEqual(DEFAULT_READER_SETTINGS);
    expect(validateReaderSettings([1, 2])).toEqual(DEFAULT_READER_SETTINGS);
    expect(validateReaderSettings({ fontSize: 'big', contentWidth: 99999, lineHeight: Number.NaN, theme: 'neon' })).toEqual(
      DEFAULT_READER_SETTINGS,
    );
    expect(validateReaderSettings({ theme: 'dark' })).toEqual({ ...DEFAULT_READER_SETTINGS, theme: 'dark' });
  });

  it('settings saved before typography existed keep their values and get the typography defaults', () => {
    const old = validateReaderSettings({ fontSize: 24, contentWidth: 700, lineHeight: 1.5, theme: 'sepia' });
    expect(old).toMatchObject({ fontSize: 24, theme: 'sepia', fontFamily: 'serif', fontWeight: 400, textAlign: 'start' });
  });

  it('rejects colours that are not #rrggbb (they become CSS) and unknown fonts', () => {
    const s = validateReaderSettings({ fontFamily: 'Comic Sans', colors: { text: 'red; background: url(x)', background: '#ABCDEF', link: 7 } });
    expect(s.fontFamily).toBe('serif');
    expect(s.colors).toEqual({ text: DEFAULT_READER_SETTINGS.colors.text, background: '#abcdef', link: DEFAULT_READER_SETTINGS.colors.link });
  });
});
