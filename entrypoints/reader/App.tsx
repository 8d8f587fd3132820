import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { mark } from '@/ext/timeline';
import type { Extraction } from '@/src/pipeline/types';
import { articleHeader } from '@/src/render/article';
import { placeNames } from '@/src/render/place-names';
import { applyReaderSettings } from './apply-settings';
import { renderedArticle } from './article-html';
import { ArticleHeader } from './components/ArticleHeader';
import { ArticleView } from './components/ArticleView';
import { BlockCorrection } from './components/BlockCorrection';
import { CorrectOnPage } from './components/CorrectOnPage';
import { ErrorPanel } from './components/ErrorPanel';
import { ExportButtons, type Notify } from './components/ExportButtons';
import { RemovalSummary, useJumpToRemoved } from './components/RemovalSummary';
import { SemanticPanel } from './components/SemanticPanel';
import { SettingsPanel } from './components/SettingsPanel';
import { StatusLine } from './components/StatusLine';
import { modeLabel } from './semantic';
import { setAllRunsExpanded } from '@/src/render/removed-markers';
import type { ExtractionState } from './read-source';
import { useExtraction } from './use-extraction';
import { useSemanticPass, type SemanticPassState } from './use-semantic-pass';
import { useDeepClean, type DeepClean } from './use-deep-clean';
import { Diagnostics } from './components/Diagnostics';
import { DeepCleanPanel } from './components/DeepCleanPanel';
import { LazyArticleEnd, LazyReadingPanel } from './components/reading/LazyReading';
import { useReaderSettings, type ReaderSettingsState } from './use-reader-settings';
import type { ReaderSettings } from '@/src/render/reader-settings';
import '@/src/render/temml-tex';

interface Notice {
  message: string;
  kind: 'info' | 'error';
}

interface ReaderProps {
  /** The structural extraction, or the semantic pass's once it ran. */
  extraction: Extraction;
  semantic: SemanticPassState;
  deepClean: DeepClean;
  notify: Notify;
  settings: ReaderSettingsState;
  /** Reads the page again (after a correction is saved). */
  reread(): void;
}

function ShowRemovedSwitch({ on, set }: { on: boolean; set: (on: boolean) => void }) {
  const openAll = (): void => {
    const article = document.getElementById('pith-article');
    if (article) setAllRunsExpanded(article, true);
  };
  return (
    <div class="pith-toggle pith-show-removed">
      <label class="pith-switch">
        <input id="pith-show-removed" type="checkbox" checked={on} onChange={(e) => set((e.currentTarget as HTMLInputElement).checked)} />
        <span>Show removed</span>
      </label>
      <p class="pith-hint">
        {on ? (
          <>
            Click a marker to open it, a part to keep or remove it.{' '}
            <button type="button" id="pith-open-removed" class="pith-link-button pith-inline" onClick={openAll}>
              Open all
            </button>
          </>
        ) : (
          'See what was left out, and why.'
        )}
      </p>
    </div>
  );
}

/**
 * The panel, in the order a reader needs it: reading settings ("Aa"), show removed, what was removed, correct,
 * export; then the offers and the diagnostics. On a narrow screen the first row is a toolbar above the article and
 * the rest opens with "More".
 */
function Reader({ extraction, semantic, deepClean, notify, settings, reread }: ReaderProps) {
  const [showRemoved, setShowRemoved] = useState(false);
  const [more, setMore] = useState(false);
  const header = useMemo(() => articleHeader(extraction), [extraction]);
  const rendered = useMemo(() => renderedArticle(extraction, showRemoved), [extraction, showRemoved]);
  const jump = useJumpToRemoved(rendered.html, setShowRemoved);
  useLayoutEffect(() => mark('app:rendered'), []);

  useEffect(() => {
    document.title = `${header.title} · Pith`;
  }, [header.title]);

  return (
    <>
      <aside class={`pith-panel${more ? ' pith-more-open' : ''}`} aria-label="Reader controls">
        <div class="pith-toolbar">
          <p class="pith-brand">Pith</p>
          <SettingsPanel settings={settings.settings} update={settings.update} />
          <ShowRemovedSwitch on={showRemoved} set={setShowRemoved} />
          <button type="button" class="pith-button pith-more-button" aria-expanded={more} aria-controls="pith-panel-more" onClick={() => setMore(!more)}>
            {more ? 'Less' : 'More'}
          </button>
        </div>
        {settings.error && (
          <p class="pith-notice pith-notice-error" role="alert">
            {settings.error}
          </p>
        )}
        <div id="pith-panel-more" class="pith-panel-more">
          <StatusLine extraction={extraction} />
          <RemovalSummary extraction={extraction} jump={jump} />
          <LazyReadingPanel extraction={extraction} html={rendered.html} lang={header.lang} dir={header.dir} />
          <CorrectOnPage notify={notify} />
          <ExportButtons extraction={extraction} title={header.title} notify={notify} />
          <SemanticPanel state={semantic.state} saveError={semantic.saveError} enable={semantic.enable} decline={semantic.decline} />
          <DeepCleanPanel deepClean={deepClean} />
          <Diagnostics extraction={extraction} passes={modeLabel(semantic.state)} deepCleanWhy={deepClean.state.phase === 'unavailable' ? deepClean.state.why : null} />
        </div>
      </aside>
      <main class="pith-main">
        <ArticleHeader header={header} />
        {rendered.html !== null ? (
          <ArticleView html={rendered.html} record={extraction.record} blocks={extraction.snapshot.blocks} placeNames={placeNames(extraction.snapshot, extraction.record)} segments={extraction.segments} lang={header.lang} dir={header.dir} />
        ) : (
          <section class="pith-error-panel">
            <p id="pith-error" role="alert">
              Pith read the page but couldn’t display it ({rendered.error}). The exports may still work; reload the reader to try again.
            </p>
          </section>
        )}
        <LazyArticleEnd extraction={extraction} html={rendered.html} lang={header.lang} dir={header.dir} />
        <BlockCorrection extraction={extraction} showRemoved={showRemoved} notify={notify} onSaved={reread} />
      </main>
    </>
  );
}

function useApplySettings(settings: ReaderSettings): void {
  useEffect(() => applyReaderSettings(settings), [settings]);
}

/** `initial`: the first read, done by the entry script (main.tsx) before this module loaded. */
export function App({ initial }: { initial?: ExtractionState }) {
  const { state, retry } = useExtraction(initial);
  // Structural result first; the semantic pass (when enabled) replaces it in place once it has run.
  const semantic = useSemanticPass(state.phase === 'ready' ? state.extraction : null);
  // Deep clean runs on demand, on whatever the reader shows at that moment.
  const deepClean = useDeepClean(state.phase === 'ready' ? (semantic.extraction ?? state.extraction) : null);
  const settings = useReaderSettings();
  useApplySettings(settings.settings);
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const notify = useCallback<Notify>((message, kind) => {
    clearTimeout(timer.current);
    setNotice({ message, kind });
    timer.current = setTimeout(() => setNotice(null), kind === 'error' ? 12_000 : 4_000);
  }, []);

  useEffect(() => {
    if (state.phase === 'error') document.title = 'Pith · can’t read this page';
    if (state.phase === 'loading') document.title = 'Pith · reading…';
  }, [state.phase]);

  return (
    <div id="pith-reader" class={`pith-reader pith-${state.phase}`} aria-busy={state.phase === 'loading'}>
      {state.phase === 'loading' && (
        <div class="pith-loading" role="status">
          <span class="pith-spinner" aria-hidden="true" />
          <p id="pith-status" class="pith-status">
            Reading the page…
          </p>
        </div>
      )}
      {state.phase === 'error' && (
        <main class="pith-main">
          <p id="pith-status" class="pith-status pith-status-error">
            Couldn’t read the page
          </p>
          <ErrorPanel failure={state.failure} retry={retry} />
        </main>
      )}
      {state.phase === 'ready' && (
        <>
          <Reader extraction={deepClean.extraction ?? semantic.extraction ?? state.extraction} semantic={semantic} deepClean={deepClean} notify={notify} settings={settings} reread={retry} />
        </>
      )}
      <p class={`pith-notice pith-toast${notice ? ` pith-notice-${notice.kind}` : ''}`} role="status" aria-live="polite">
        {notice?.message ?? ''}
      </p>
    </div>
  );
}
