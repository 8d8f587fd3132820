import '@fontsource/opendyslexic/400.css';
import '@fontsource/opendyslexic/700.css';
import {
  READER_ALIGNS,
  READER_FONTS,
  READER_SETTING_LIMITS,
  READER_THEMES,
  type ReaderAlign,
  type ReaderColors,
  type ReaderFont,
  type ReaderSettings,
  type ReaderTheme,
} from '@/src/render/reader-settings';

interface Props {
  settings: ReaderSettings;
  update: (patch: Partial<ReaderSettings>) => void;
}

const THEME_LABELS: Record<ReaderTheme, string> = { light: 'Light', sepia: 'Sepia', dark: 'Dark', custom: 'Your colours' };
const FONT_LABELS: Record<ReaderFont, string> = { serif: 'Serif', sans: 'Sans', mono: 'Mono', dyslexic: 'OpenDyslexic' };
const ALIGN_LABELS: Record<ReaderAlign, string> = { start: 'Ragged', justify: 'Justified' };
const WEIGHT_LABELS: Record<number, string> = { 300: 'light', 400: 'regular', 500: 'medium', 600: 'semibold', 700: 'bold' };
const COLOR_LABELS: Record<keyof ReaderColors, string> = { text: 'Text', background: 'Background', link: 'Links' };

function numberFrom(event: Event): number {
  return Number((event.currentTarget as HTMLInputElement).value);
}

type NumericSetting = 'fontSize' | 'contentWidth' | 'lineHeight' | 'fontWeight' | 'letterSpacing' | 'wordSpacing';

function Range({ name, label, shown, settings, update }: { name: NumericSetting; label: string; shown: string } & Props) {
  const limits = READER_SETTING_LIMITS[name];
  const id = `pith-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return (
    <label class="pith-range">
      <span class="pith-range-label">
        {label} <output for={id}>{shown}</output>
      </span>
      <input id={id} name={name} type="range" min={limits.min} max={limits.max} step={limits.step} value={settings[name]} onInput={(e) => update({ [name]: numberFrom(e) })} />
    </label>
  );
}

function Choice<T extends string>({ name, legend, options, labels, value, pick }: { name: string; legend: string; options: readonly T[]; labels: Record<T, string>; value: T; pick: (v: T) => void }) {
  return (
    <fieldset class={`pith-choice pith-${name}s`}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} class={`pith-${name}-option pith-${name}-${option}`}>
          <input id={`pith-${name}-${option}`} type="radio" name={name} value={option} checked={value === option} onChange={() => pick(option)} />
          <span>{labels[option]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * `details.pith-aa > #pith-settings`: the reading settings behind one "Aa" button, as the built-in readers have
 * them: size, width, line height, font, weight, spacing, alignment and theme (with custom colours). Each is remembered.
 */
export function SettingsPanel({ settings, update }: Props) {
  const em = (n: number): string => (n === 0 ? 'normal' : `+${n.toFixed(2)} em`);
  return (
    <details id="pith-aa" class="pith-aa">
      <summary aria-label="Reading settings: text size, font, spacing and colours">
        <span class="pith-aa-glyph" aria-hidden="true">
          Aa
        </span>
        <span>Reading settings</span>
      </summary>
      <section id="pith-settings" class="pith-settings" aria-label="Reading settings">
        <Range name="fontSize" label="Text size" shown={`${settings.fontSize}px`} settings={settings} update={update} />
        <Range name="contentWidth" label="Width" shown={`${settings.contentWidth}px`} settings={settings} update={update} />
        <Range name="lineHeight" label="Line height" shown={settings.lineHeight.toFixed(1)} settings={settings} update={update} />
        <Choice name="font" legend="Font" options={READER_FONTS} labels={FONT_LABELS} value={settings.fontFamily} pick={(fontFamily) => update({ fontFamily })} />
        <Range name="fontWeight" label="Weight" shown={WEIGHT_LABELS[settings.fontWeight] ?? String(settings.fontWeight)} settings={settings} update={update} />
        <Range name="letterSpacing" label="Letter spacing" shown={em(settings.letterSpacing)} settings={settings} update={update} />
        <Range name="wordSpacing" label="Word spacing" shown={em(settings.wordSpacing)} settings={settings} update={update} />
        <Choice name="align" legend="Alignment" options={READER_ALIGNS} labels={ALIGN_LABELS} value={settings.textAlign} pick={(textAlign) => update({ textAlign })} />
        <Choice name="theme" legend="Theme" options={READER_THEMES} labels={THEME_LABELS} value={settings.theme} pick={(theme) => update({ theme })} />
        {settings.theme === 'custom' && (
          <div class="pith-colors" role="group" aria-label="Your colours">
            {(Object.keys(COLOR_LABELS) as (keyof ReaderColors)[]).map((key) => (
              <label key={key}>
                <input
                  id={`pith-color-${key}`}
                  type="color"
                  value={settings.colors[key]}
                  onInput={(e) => update({ colors: { ...settings.colors, [key]: (e.currentTarget as HTMLInputElement).value } })}
                />
                {COLOR_LABELS[key]}
              </label>
            ))}
          </div>
        )}
      </section>
    </details>
  );
}
