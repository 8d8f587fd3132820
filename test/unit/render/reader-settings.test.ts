import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS, validateReaderSettings } from '../../../src/render/reader-settings';

describe('validateReaderSettings', () => {
  it('accepts valid settings', () => {
    const s = { fontSize: 22, contentWidth: 800, lineHeight: 1.8, theme: 'sepia' };
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
});
