import { READER_SETTING_LIMITS, READER_THEMES, type ReaderSettings, type ReaderTheme } from '@/src/render/reader-settings';

interface Props {
  settings: ReaderSettings;
  update: (patch: Partial<ReaderSettings>) => void;
}

const THEME_LABELS: Record<ReaderTheme, string> = { light: 'Light', sepia: 'Sepia', dark: 'Dark' };

function numberFrom(event: Event): number {
  return Number((event.currentTarget as HTMLInputElement).value);
}

/** `#pith-settings`: font size, content width, line height and theme. */
export function SettingsPanel({ settings, update }: Props) {
  const { fontSize, contentWidth, lineHeight } = READER_SETTING_LIMITS;
  return (
    <section id="pith-settings" class="pith-section pith-settings" aria-labelledby="pith-settings-heading">
      <h2 id="pith-settings-heading" class="pith-section-title">
        Display
      </h2>
      <label class="pith-range">
        <span class="pith-range-label">
          Font size <output for="pith-font-size">{settings.fontSize}px</output>
        </span>
        <input
          id="pith-font-size"
          name="fontSize"
          type="range"
          min={fontSize.min}
          max={fontSize.max}
          step={fontSize.step}
          value={settings.fontSize}
          onInput={(e) => update({ fontSize: numberFrom(e) })}
        />
      </label>
      <label class="pith-range">
        <span class="pith-range-label">
          Width <output for="pith-content-width">{settings.contentWidth}px</output>
        </span>
        <input
          id="pith-content-width"
          name="contentWidth"
          type="range"
          min={contentWidth.min}
          max={contentWidth.max}
          step={contentWidth.step}
          value={settings.contentWidth}
          onInput={(e) => update({ contentWidth: numberFrom(e) })}
        />
      </label>
      <label class="pith-range">
        <span class="pith-range-label">
          Line height <output for="pith-line-height">{settings.lineHeight.toFixed(1)}</output>
        </span>
        <input
          id="pith-line-height"
          name="lineHeight"
          type="range"
          min={lineHeight.min}
          max={lineHeight.max}
          step={lineHeight.step}
          value={settings.lineHeight}
          onInput={(e) => update({ lineHeight: numberFrom(e) })}
        />
      </label>
      <fieldset class="pith-themes">
        <legend>Theme</legend>
        {READER_THEMES.map((theme) => (
          <label key={theme} class={`pith-theme-option pith-theme-${theme}`}>
            <input
              id={`pith-theme-${theme}`}
              type="radio"
              name="theme"
              value={theme}
              checked={settings.theme === theme}
              onChange={() => update({ theme })}
            />
            <span>{THEME_LABELS[theme]}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
