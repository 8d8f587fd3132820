/** Reader display settings: their type, defaults and limits, and validation of whatever storage hands back. */

export type ReaderTheme = 'light' | 'sepia' | 'dark' | 'custom';
export const READER_THEMES: readonly ReaderTheme[] = ['light', 'sepia', 'dark', 'custom'];

export type ReaderFont = 'serif' | 'sans' | 'mono' | 'dyslexic';
export const READER_FONTS: readonly ReaderFont[] = ['serif', 'sans', 'mono', 'dyslexic'];

export type ReaderAlign = 'start' | 'justify';
export const READER_ALIGNS: readonly ReaderAlign[] = ['start', 'justify'];

export interface ReaderColors {
  text: string;
  background: string;
  link: string;
}

export interface ReaderSettings {
  /** Body text size, CSS px. */
  fontSize: number;
  /** Maximum width of the text column, CSS px. */
  contentWidth: number;
  /** Unitless line height. */
  lineHeight: number;
  theme: ReaderTheme;
  fontFamily: ReaderFont;
  /** CSS font weight of the body text. */
  fontWeight: number;
  /** Extra space between letters and between words, em. */
  letterSpacing: number;
  wordSpacing: number;
  textAlign: ReaderAlign;
  /** The colours of the custom theme (#rrggbb). */
  colors: ReaderColors;
}

export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = Object.freeze({
  fontSize: 19,
  contentWidth: 680,
  lineHeight: 1.6,
  theme: 'light',
  fontFamily: 'serif',
  fontWeight: 400,
  letterSpacing: 0,
  wordSpacing: 0,
  textAlign: 'start',
  colors: Object.freeze({ text: '#1f1e1b', background: '#fbfaf7', link: '#1d5aa3' }),
});

export const READER_SETTING_LIMITS = {
  fontSize: { min: 14, max: 30, step: 1 },
  contentWidth: { min: 480, max: 1000, step: 20 },
  lineHeight: { min: 1.2, max: 2.2, step: 0.1 },
  fontWeight: { min: 300, max: 700, step: 100 },
  letterSpacing: { min: 0, max: 0.2, step: 0.02 },
  wordSpacing: { min: 0, max: 0.6, step: 0.05 },
} as const;

function validNumber(value: unknown, limits: { min: number; max: number }): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= limits.min && value <= limits.max;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function validColors(raw: unknown): ReaderColors {
  const d = DEFAULT_READER_SETTINGS.colors;
  const r = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const pick = (v: unknown, fallback: string): string => (typeof v === 'string' && HEX_COLOUR.test(v) ? v.toLowerCase() : fallback);
  return { text: pick(r.text, d.text), background: pick(r.background, d.background), link: pick(r.link, d.link) };
}

const rounded = (n: number): number => Math.round(n * 100) / 100;

/** A complete, valid settings object: every missing or bad field is replaced by its default. Never throws. */
export function validateReaderSettings(raw: unknown): ReaderSettings {
  const d = DEFAULT_READER_SETTINGS;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...d, colors: { ...d.colors } };
  const r = raw as Record<string, unknown>;
  const L = READER_SETTING_LIMITS;
  return {
    fontSize: validNumber(r.fontSize, L.fontSize) ? r.fontSize : d.fontSize,
    contentWidth: validNumber(r.contentWidth, L.contentWidth) ? r.contentWidth : d.contentWidth,
    lineHeight: validNumber(r.lineHeight, L.lineHeight) ? rounded(r.lineHeight) : d.lineHeight,
    theme: oneOf(r.theme, READER_THEMES, d.theme),
    fontFamily: oneOf(r.fontFamily, READER_FONTS, d.fontFamily),
    fontWeight: validNumber(r.fontWeight, L.fontWeight) ? Math.round(r.fontWeight / 100) * 100 : d.fontWeight,
    letterSpacing: validNumber(r.letterSpacing, L.letterSpacing) ? rounded(r.letterSpacing) : d.letterSpacing,
    wordSpacing: validNumber(r.wordSpacing, L.wordSpacing) ? rounded(r.wordSpacing) : d.wordSpacing,
    textAlign: oneOf(r.textAlign, READER_ALIGNS, d.textAlign),
    colors: validColors(r.colors),
  };
}
