/** Reader display settings: their type, defaults and limits, and validation of whatever storage hands back. */

export type ReaderTheme = 'light' | 'sepia' | 'dark';
export const READER_THEMES: readonly ReaderTheme[] = ['light', 'sepia', 'dark'];

export interface ReaderSettings {
  /** Body text size, CSS px. */
  fontSize: number;
  /** Maximum width of the text column, CSS px. */
  contentWidth: number;
  /** Unitless line height. */
  lineHeight: number;
  theme: ReaderTheme;
}

export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = Object.freeze({
  fontSize: 19,
  contentWidth: 680,
  lineHeight: 1.6,
  theme: 'light',
});

export const READER_SETTING_LIMITS = {
  fontSize: { min: 14, max: 30, step: 1 },
  contentWidth: { min: 480, max: 1000, step: 20 },
  lineHeight: { min: 1.2, max: 2.2, step: 0.1 },
} as const;

function validNumber(value: unknown, limits: { min: number; max: number }): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= limits.min && value <= limits.max;
}

/** A complete, valid settings object: every missing or bad field is replaced by its default. Never throws. */
export function validateReaderSettings(raw: unknown): ReaderSettings {
  const d = DEFAULT_READER_SETTINGS;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...d };
  const r = raw as Record<string, unknown>;
  return {
    fontSize: validNumber(r.fontSize, READER_SETTING_LIMITS.fontSize) ? r.fontSize : d.fontSize,
    contentWidth: validNumber(r.contentWidth, READER_SETTING_LIMITS.contentWidth) ? r.contentWidth : d.contentWidth,
    lineHeight: validNumber(r.lineHeight, READER_SETTING_LIMITS.lineHeight)
      ? Math.round(r.lineHeight * 100) / 100
      : d.lineHeight,
    theme: READER_THEMES.includes(r.theme as ReaderTheme) ? (r.theme as ReaderTheme) : d.theme,
  };
}
