import { formatBytes } from '@/src/dripper/models';
import { semanticMessage, type SemanticState } from '../semantic';

interface Props {
  state: SemanticState;
  saveError: string | null;
  enable: () => void;
  decline: () => void;
}

/**
 * `#pith-semantic`: the semantic pass's progress and outcome, or (first use) the question whether to enable it.
 * `data-state` is the phase; when SORE ran, `data-index` says where its outlier index came from.
 */
export function SemanticPanel({ state, saveError, enable, decline }: Props) {
  const busy = state.phase === 'settings' || state.phase === 'loading-model' || state.phase === 'running';
  const summary = state.phase === 'done' || state.phase === 'unchanged' ? state.summary : undefined;
  const index = summary?.indexSource;
  // After an answer, nothing to say unless the pass runs: "declined" shows nothing (the options page can turn it on).
  if (state.phase === 'declined') return <section id="pith-semantic" class="pith-semantic" data-state="declined" hidden />;
  return (
    <section
      id="pith-semantic"
      class={`pith-section pith-semantic pith-semantic-${state.phase}`}
      data-state={state.phase}
      data-index={index}
      data-path={summary?.path}
      data-backend={summary?.backend}
      aria-live="polite"
      aria-busy={busy}
    >
      {state.phase === 'ask' ? (
        <>
          <p class="pith-semantic-question">Also remove boilerplate by meaning?</p>
          <p class="pith-hint pith-semantic-explain">
            {state.offer.downloadBytes > 0
              ? `Compares each sentence with the article’s topic, on this device. Downloads ${formatBytes(state.offer.downloadBytes)} once.`
              : 'Compares each sentence with the article’s topic, on this device.'}
          </p>
          <p class="pith-semantic-actions">
            <button type="button" id="pith-semantic-enable" class="pith-button" onClick={enable}>
              Turn on
            </button>{' '}
            <button type="button" id="pith-semantic-decline" class="pith-button" onClick={decline}>
              No thanks
            </button>
          </p>
        </>
      ) : (
        <p class={`pith-semantic-line${state.phase === 'failed' ? ' pith-notice-error' : ''}`} role={state.phase === 'failed' ? 'alert' : undefined}>
          {busy && <span class="pith-spinner pith-spinner-small" aria-hidden="true" />}
          {semanticMessage(state)}
        </p>
      )}
      {saveError && <p class="pith-notice pith-notice-error">{saveError}</p>}
    </section>
  );
}
