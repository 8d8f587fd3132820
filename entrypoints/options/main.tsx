/**
 * Options page: SORE's semantic mode, model and thresholds, and the per-group boilerplate phrase lists.
 * Every change is validated and saved at once; the reader picks the settings up on its next run.
 */
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  DEFAULT_SORE_SETTINGS,
  loadSoreSettings,
  modelDefaults,
  resetSoreSettings,
  saveSoreSettings,
  SORE_MODEL_CHOICES,
  type SemanticMode,
  type SoreSettings,
} from '../../ext/sore-settings';
import { PerplexitySettingsFields } from './PerplexitySettings';
import { AdvancedSettings } from './AdvancedSettings';
import { CorrectionsSettings } from './CorrectionsSettings';
import { ReadingSettings } from './ReadingSettings';
import { calibrationFor } from '../../src/sore/calibration';
import { cleanPhrase, loadOutlierGroups, OUTLIER_GROUPS_PATH, type OutlierGroup, type PhraseEdits } from '../../src/sore/groups';
import { errorMessage } from '../../src/error-message';

const SEMANTIC_MODES: { value: SemanticMode; label: string }[] = [
  { value: 'ask', label: 'Ask before downloading a model' },
  { value: 'enabled', label: 'On' },
  { value: 'declined', label: 'Off' },
];

interface NumberFieldProps {
  id: string;
  label: string;
  help: string;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Shown value = stored value × scale (100 for percentages). */
  scale?: number;
  onCommit(value: number): void;
}

function NumberField({ id, label, help, value, min, max, step, scale = 1, onCommit }: NumberFieldProps) {
  const shown = (v: number) => String(Math.round(v * scale * 1000) / 1000);
  const [text, setText] = useState(shown(value));
  useEffect(() => setText(shown(value)), [value]);
  const parse = (raw: string): number | null => {
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) && n >= min && n <= max ? n : null;
  };
  const valid = parse(text) !== null;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={step}
        value={text}
        aria-invalid={!valid}
        aria-describedby={`${id}-help`}
        onInput={(e) => setText(e.currentTarget.value)}
        // Saved on change (blur or Enter), not per keystroke: "0" on the way to "0.65" must not be stored.
        onChange={(e) => {
          const n = parse(e.currentTarget.value);
          if (n !== null) onCommit(n / scale);
        }}
      />
      <small id={`${id}-help`}>
        {help}
        {valid ? '' : ` (between ${min} and ${max})`}
      </small>
    </div>
  );
}

interface GroupEditorProps {
  group: OutlierGroup;
  edits: PhraseEdits;
  cutoff: number | undefined;
  globalCutoff: number;
  onEdits(edits: PhraseEdits): void;
  onCutoff(cutoff: number | undefined): void;
  onStatus(message: string): void;
}

const lower = (s: string) => s.toLowerCase();
const without = (list: string[], p: string) => list.filter((x) => lower(x) !== lower(p));

function GroupEditor({ group, edits, cutoff, globalCutoff, onEdits, onCutoff, onStatus }: GroupEditorProps) {
  const [draft, setDraft] = useState('');
  // Phrase chips are rendered only while the group is open: 13 × ~40 chips re-rendered on every edit add up.
  const [open, setOpen] = useState(false);
  const removed = new Set(edits.removed.map(lower));
  const active = group.phrases.filter((p) => !removed.has(lower(p))).length + edits.added.length;
  const edited = edits.added.length > 0 || edits.removed.length > 0;

  const add = (e: Event) => {
    e.preventDefault();
    const c = cleanPhrase(draft);
    if ('problem' in c) return onStatus(`Not added: the phrase is ${c.problem}.`);
    const base = group.phrases.find((p) => lower(p) === lower(c.phrase));
    if (base && removed.has(lower(base))) onEdits({ ...edits, removed: without(edits.removed, base) });
    else if (base || edits.added.some((p) => lower(p) === lower(c.phrase))) return onStatus(`"${c.phrase}" is already in ${group.label}.`);
    else onEdits({ ...edits, added: [...edits.added, c.phrase] });
    setDraft('');
  };

  return (
    <details id={`sore-group-${group.id}`} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {group.label} — {active} phrases{edited ? ' (edited)' : ''}
      </summary>
      {open && (
        <>
          {group.description && <p class="help">{group.description}</p>}
          <div class="field">
            <label for={`sore-cutoff-${group.id}`}>Cutoff for this group</label>
            <input
              id={`sore-cutoff-${group.id}`}
              type="number"
              min={0}
              max={1}
              step={0.01}
              placeholder={globalCutoff.toFixed(2)}
              value={cutoff === undefined ? '' : String(cutoff)}
              onChange={(e) => {
                const raw = e.currentTarget.value.trim();
                const n = Number(raw);
                if (raw === '') onCutoff(undefined);
                else if (Number.isFinite(n) && n >= 0 && n <= 1) onCutoff(n);
                else onStatus('A group cutoff is a number between 0 and 1.');
              }}
            />
            <small>Empty: use the global cutoff.</small>
          </div>
          <ul class="phrases">
            {group.phrases.map((p) =>
              removed.has(lower(p)) ? (
                <li class="removed" key={p}>
                  <span>{p}</span>
                  <button type="button" title="Restore" aria-label={`Restore "${p}"`} onClick={() => onEdits({ ...edits, removed: without(edits.removed, p) })}>
                    ↺
                  </button>
                </li>
              ) : (
                <li key={p}>
                  <span>{p}</span>
                  <button type="button" title="Remove" aria-label={`Remove "${p}"`} onClick={() => onEdits({ ...edits, removed: [...edits.removed, p] })}>
                    ×
                  </button>
                </li>
              ),
            )}
            {edits.added.map((p) => (
              <li class="added" key={`+${p}`}>
                <span>{p}</span>
                <button type="button" title="Remove" aria-label={`Remove "${p}"`} onClick={() => onEdits({ ...edits, added: without(edits.added, p) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <form onSubmit={add}>
            <input
              type="text"
              aria-label={`New phrase for ${group.label}`}
              placeholder="Add a phrase as it appears on pages"
              value={draft}
              onInput={(e) => setDraft(e.currentTarget.value)}
            />{' '}
            <button type="submit">Add</button>{' '}
            {edited && (
              <button type="button" onClick={() => onEdits({ added: [], removed: [] })}>
                Reset this group
              </button>
            )}
          </form>
        </>
      )}
    </details>
  );
}

function App() {
  const [settings, setSettings] = useState<SoreSettings | null>(null);
  const [groups, setGroups] = useState<OutlierGroup[] | null>(null);
  const [status, setStatus] = useState('');
  // The latest settings, so two quick edits do not overwrite each other through a stale closure.
  const latest = useRef<SoreSettings | null>(null);
  latest.current = settings;

  useEffect(() => {
    void loadSoreSettings().then(setSettings);
    void loadOutlierGroups(OUTLIER_GROUPS_PATH).then(setGroups);
  }, []);

  if (!settings) return <p>Loading settings…</p>;

  const update = async (patch: Partial<SoreSettings>) => {
    const next = { ...(latest.current ?? settings), ...patch };
    latest.current = next;
    setSettings(next);
    try {
      const saved = await saveSoreSettings(next);
      if (latest.current === next) {
        latest.current = saved;
        setSettings(saved);
      }
      setStatus('Saved.');
    } catch (error) {
      setStatus(`Could not save: ${errorMessage(error)}`);
    }
  };
  const setGroupEdits = (id: string, edits: PhraseEdits) => {
    const phraseEdits = { ...(latest.current ?? settings).phraseEdits };
    if (edits.added.length || edits.removed.length) phraseEdits[id] = edits;
    else delete phraseEdits[id];
    void update({ phraseEdits });
  };
  const setGroupCutoff = (id: string, cutoff: number | undefined) => {
    const groupCutoffs = { ...(latest.current ?? settings).groupCutoffs };
    if (cutoff === undefined) delete groupCutoffs[id];
    else groupCutoffs[id] = cutoff;
    void update({ groupCutoffs });
  };
  const reset = async () => {
    if (!confirm('Reset all semantic cleanup settings, including your phrase edits?')) return;
    setSettings(await resetSoreSettings());
    setStatus('Settings reset to defaults.');
  };
  const defaults = modelDefaults(settings.model);
  const models = SORE_MODEL_CHOICES.some((m) => m.spec === settings.model)
    ? SORE_MODEL_CHOICES
    : [...SORE_MODEL_CHOICES, { spec: settings.model, label: settings.model }];

  return (
    <main>
      <h1>Pith settings</h1>

      <fieldset id="sore-mode">
        <legend>Clean by meaning</legend>
        <p class="help">
          Pith can also compare each sentence with the article’s topic and remove sign-up prompts, share lines and other
          boilerplate it recognises by meaning. It runs in your browser; nothing leaves your computer.
        </p>
        {SEMANTIC_MODES.map((m) => (
          <label key={m.value} style={{ display: 'block' }}>
            <input
              type="radio"
              name="semantic-mode"
              value={m.value}
              checked={settings.semanticMode === m.value}
              onChange={() => void update({ semanticMode: m.value })}
            />{' '}
            {m.label}
          </label>
        ))}
      </fieldset>

      <CorrectionsSettings />

      <ReadingSettings />

      <details id="pith-advanced" class="advanced">
        <summary>Advanced</summary>
        <p class="help">For people tuning how Pith cleans. The defaults suit most pages.</p>
      <fieldset id="sore-model-choice">
        <legend>Model for cleaning by meaning</legend>
        <div class="field field-wide">
          <label for="sore-model">Model</label>
          <select
            id="sore-model"
            value={settings.model}
            // A new model starts from its own calibrated cutoffs: another model's c and d mean something else.
            onChange={(e) => void update({ model: e.currentTarget.value, ...modelDefaults(e.currentTarget.value) })}
          >
            {models.map((m) => (
              <option key={m.spec} value={m.spec}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <p class="help">Which model compares sentences; a larger one is downloaded once and understands more languages.</p>
      </fieldset>

      <fieldset id="sore-thresholds">
        <legend>How much to remove</legend>
        <p class="hint" id="sore-calibration" title={calibrationFor(settings.model).calibratedOn}>
          Each model has its own defaults; choosing another model resets these three to its defaults.
        </p>
        <NumberField
          id="sore-core-share"
          label="Topic sentences, %"
          help={`The share of sentences closest to the article’s topic that define it. Default ${Math.round(defaults.coreShare * 100)}.`}
          value={settings.coreShare}
          min={1}
          max={100}
          step={1}
          scale={100}
          onCommit={(v) => void update({ coreShare: v })}
        />
        <NumberField
          id="sore-group-cutoff"
          label="Likeness to boilerplate"
          help={`How alike a sentence must be to a known boilerplate line to go; higher removes less. Default ${defaults.groupCutoff}.`}
          value={settings.groupCutoff}
          min={0}
          max={1}
          step={0.01}
          onCommit={(v) => void update({ groupCutoff: v })}
        />
        <NumberField
          id="sore-far-distance"
          label="Distance from the topic"
          help={`How far from the topic a sentence may stray before it goes; higher removes less. Default ${defaults.farDistance}.`}
          value={settings.farDistance}
          min={0}
          max={2}
          step={0.01}
          onCommit={(v) => void update({ farDistance: v })}
        />
        <NumberField
          id="sore-fallback-share"
          label="Safety limit, % of text"
          help={`If more than this would go, Pith removes less, or nothing. Default ${DEFAULT_SORE_SETTINGS.fallbackShare * 100}.`}
          value={settings.fallbackShare}
          min={0}
          max={100}
          step={5}
          scale={100}
          onCommit={(v) => void update({ fallbackShare: v })}
        />
      </fieldset>

      <PerplexitySettingsFields onStatus={setStatus} />
      <AdvancedSettings onStatus={setStatus} />

      <fieldset id="sore-groups">
        <legend>Boilerplate phrases</legend>
        <p class="help">
          Typical phrases per kind of boilerplate, in several languages. A sentence close in meaning to one of them is
          removed. Remove phrases that catch real content on the sites you read, or add ones Pith misses.
        </p>
        {groups === null && <p>Loading phrase lists…</p>}
        {groups?.length === 0 && <p>The phrase lists could not be loaded.</p>}
        {groups?.map((g) => (
          <GroupEditor
            key={g.id}
            group={g}
            edits={settings.phraseEdits[g.id] ?? { added: [], removed: [] }}
            cutoff={settings.groupCutoffs[g.id]}
            globalCutoff={settings.groupCutoff}
            onEdits={(edits) => setGroupEdits(g.id, edits)}
            onCutoff={(cutoff) => setGroupCutoff(g.id, cutoff)}
            onStatus={setStatus}
          />
        ))}
      </fieldset>

      <p>
        <button type="button" id="sore-reset" onClick={() => void reset()}>
          Reset to defaults
        </button>
      </p>
      </details>
      <p id="sore-status" role="status">
        {status}
      </p>
    </main>
  );
}

const root = document.getElementById('pith-options');
if (root) render(<App />, root);
