/** Options, "Advanced": the learned block model on or off. */
import { useEffect, useState } from 'preact/hooks';
import { blockModelItem, loadBlockModelEnabled } from '../../ext/block-model-settings';
import { errorMessage } from '../../src/error-message';

export function AdvancedSettings({ onStatus }: { onStatus(message: string): void }) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => void loadBlockModelEnabled().then(setEnabled), []);
  if (enabled === null) return null;

  const update = async (next: boolean) => {
    setEnabled(next);
    try {
      await blockModelItem.setValue(next);
      onStatus('Saved.');
    } catch (error) {
      onStatus(`Could not save: ${errorMessage(error)}`);
    }
  };

  return (
    <fieldset id="advanced-settings">
      <legend>Advanced</legend>
      <label>
        <input id="block-model-enabled" type="checkbox" checked={enabled} onChange={(e) => void update(e.currentTarget.checked)} /> Learned block model
      </label>
      <p class="help">
        A model trained on labelled web pages checks every piece of the page and overrules Pith's usual decision
        where it is very sure. Each such decision says in words what moved it. Off by default: see the notes.
      </p>
    </fieldset>
  );
}
