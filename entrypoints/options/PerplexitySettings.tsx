/** Options: the perplexity stage (n-gram language models in 12 languages) on or off, and its cutoffs. */
import { useEffect, useState } from 'preact/hooks';
import {
  CUTOFF_RANGE,
  DEFAULT_PERPLEXITY_SETTINGS,
  loadPerplexitySettings,
  savePerplexitySettings,
  type PerplexitySettings,
} from '../../ext/perplexity-settings';
import { errorMessage } from '../../src/error-message';

function parseCutoff(raw: string): number | null {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) && n >= CUTOFF_RANGE.min && n <= CUTOFF_RANGE.max ? n : null;
}

export function PerplexitySettingsFields({ onStatus }: { onStatus(message: string): void }) {
  const [settings, setSettings] = useState<PerplexitySettings | null>(null);
  useEffect(() => void loadPerplexitySettings().then(setSettings), []);
  if (!settings) return null;

  const update = async (patch: Partial<PerplexitySettings>) => {
    const next = { ...settings, ...patch };
    setSettings(next);
    try {
      setSettings(await savePerplexitySettings(next));
      onStatus('Saved.');
    } catch (error) {
      onStatus(`Could not save: ${errorMessage(error)}`);
    }
  };
  const cutoff = (id: string, key: 'wordCutoff' | 'charCutoff', label: string) => (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={CUTOFF_RANGE.min}
        max={CUTOFF_RANGE.max}
        step={100}
        value={settings[key]}
        onChange={(e) => {
          const n = parseCutoff(e.currentTarget.value);
          if (n !== null) void update({ [key]: n });
        }}
      />
      <small>Higher removes less. Default {DEFAULT_PERPLEXITY_SETTINGS[key].toLocaleString('en')}.</small>
    </div>
  );

  return (
    <fieldset id="perplexity-settings">
      <legend>Garbled-text filter</legend>
      <p class="help">
        Removes menus, link lists and fragments that read unlike sentences, in twelve languages. Runs offline with
        small models that come with Pith.
      </p>
      <label>
        <input id="perplexity-enabled" type="checkbox" checked={settings.enabled} onChange={(e) => void update({ enabled: e.currentTarget.checked })} /> On
      </label>
      {cutoff('perplexity-word-cutoff', 'wordCutoff', 'How garbled text must be to go')}
      {cutoff('perplexity-char-cutoff', 'charCutoff', 'The same, for Chinese and Japanese')}
    </fieldset>
  );
}
