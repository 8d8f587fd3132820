/**
 * Options: the corrections saved with the annotator, listed by site (`#pith-corrections`), with delete per rule and
 * per site, export to a JSON file and import from one. A malformed or foreign file is refused with the reason and
 * changes nothing (`#pith-corrections-status`).
 */
import { useEffect, useState } from 'preact/hooks';
import { correctionsItem, deleteRule, deleteSite, exportRulesJson, importRulesJson, loadAllRules } from '../../ext/corrections-store';
import type { SiteRules } from '../../src/corrections/rules';
import { errorMessage } from '../../src/error-message';

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

export function CorrectionsSettings() {
  const [sites, setSites] = useState<SiteRules | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean }>({ text: '', error: false });

  const reload = async (): Promise<void> => {
    try {
      setSites(await loadAllRules());
    } catch (error) {
      setSites({});
      setStatus({ text: errorMessage(error), error: true });
    }
  };
  useEffect(() => {
    void reload();
    return correctionsItem.watch(() => void reload());
  }, []);

  const act = async (what: () => Promise<void>, done: string): Promise<void> => {
    try {
      await what();
      setStatus({ text: done, error: false });
    } catch (error) {
      setStatus({ text: `That didn’t work (${errorMessage(error)}).`, error: true });
    }
    await reload();
  };

  const exportFile = async (): Promise<void> => {
    const text = await exportRulesJson();
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pith-corrections.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus({ text: 'Exported to pith-corrections.json.', error: false });
  };

  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const result = await importRulesJson(await file.text()).catch((error: unknown) => ({ ok: false as const, error: String(error) }));
    if (result.ok) setStatus({ text: `Imported ${result.rules} correction${result.rules === 1 ? '' : 's'} for ${result.sites} site${result.sites === 1 ? '' : 's'}.`, error: false });
    else setStatus({ text: result.error, error: true });
    await reload();
  };

  const entries = Object.entries(sites ?? {}).sort(([a], [b]) => hostOf(a).localeCompare(hostOf(b)));
  return (
    <fieldset id="pith-corrections">
      <legend>Your corrections</legend>
      <p class="help">
        What you corrected with “Annotate this page” (Alt+Shift+A) or in the reader. Pith applies these whenever it
        reads the site.
      </p>
      {sites === null && <p>Loading…</p>}
      {sites !== null && entries.length === 0 && <p class="pith-corrections-empty">No saved corrections.</p>}
      {entries.map(([origin, rules]) => (
        <details class="pith-corrections-site" data-site={origin} key={origin}>
          <summary>
            {hostOf(origin)} <span class="pith-corrections-count">{rules.length === 1 ? '1 correction' : `${rules.length} corrections`}</span>
          </summary>
          <ul>
            {rules.map((rule, i) => (
              <li key={`${rule.signature.path}-${rule.signature.text}-${i}`}>
                {rule.kept ? 'Keep' : 'Remove'} “{rule.signature.head || rule.signature.exactPath}” (saved {rule.savedAt}){' '}
                <button type="button" data-delete-rule={i} onClick={() => void act(() => deleteRule(origin, i), 'Correction deleted.')}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
          <button type="button" data-delete-site={origin} onClick={() => void act(() => deleteSite(origin), `All corrections for ${hostOf(origin)} deleted.`)}>
            Delete all for {hostOf(origin)}
          </button>
        </details>
      ))}
      <p>
        <button type="button" id="pith-corrections-export" onClick={() => void exportFile()}>
          Export corrections…
        </button>{' '}
        <label class="file-button">
          Import corrections…
          <input
            id="pith-corrections-import"
            class="visually-hidden"
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              void importFile(input.files?.[0]).then(() => (input.value = ''));
            }}
          />
        </label>
      </p>
      <p id="pith-corrections-status" role="status" class={status.error ? 'error' : undefined}>
        {status.text}
      </p>
    </fieldset>
  );
}
