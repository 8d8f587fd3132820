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
  const index = state.phase === 'done' || state.phase === 'unchanged' ? state.summary.indexSource : undefined;
  const title =
    state.phase === 'done' || state.phase === 'unchanged'
      ? `Semantic pass ${Math.round(state.summary.ms)} ms in the model host (outlier index: ${state.summary.indexSource}, ${Math.round(state.summary.indexMs)} ms)`
      : state.phase === 'declined'
        ? 'Semantic cleaning is off; it can be turned on in Pith’s options.'
        : undefined;
  return (
    <section
      id="pith-semantic"
      class={`pith-section pith-semantic pith-semantic-${state.phase}`}
      data-state={state.phase}
      data-index={index}
      aria-live="polite"
      aria-busy={busy}
      title={title}
    >
      {state.phase === 'ask' ? (
        <>
          <p class="pith-semantic-question">Also remove boilerplate by meaning?</p>
          <p class="pith-hint pith-semantic-explain">
            Semantic cleaning compares each sentence with the article’s topic and with typical boilerplate (newsletter prompts,
            share links, legal lines).{' '}
            {state.offer.downloadBytes > 0
              ? `It downloads the model ${state.offer.name} (${formatBytes(state.offer.downloadBytes)}) once, then runs it on this device: the page is never sent anywhere.`
              : `It uses the model ${state.offer.name}, which comes with Pith, and runs on this device: the page is never sent anywhere.`}
          </p>
          <p class="pith-semantic-actions">
            <button type="button" id="pith-semantic-enable" class="pith-button" onClick={enable}>
              Enable semantic cleaning
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
