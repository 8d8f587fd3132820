/** The "Deep clean" offer: a button where it can run, a sentence saying why not where it cannot. */
import type { DeepClean } from '../use-deep-clean';

export function DeepCleanPanel({ deepClean }: { deepClean: DeepClean }) {
  const { state } = deepClean;
  return (
    <section id="pith-deep-clean" class="pith-deep-clean" data-state={state.phase} aria-live="polite">
      {state.phase === 'unavailable' && <p id="pith-deep-clean-why">{state.why}</p>}
      {(state.phase === 'offered' || state.phase === 'done') && (
        <button type="button" id="pith-deep-clean-run" onClick={deepClean.run}>
          Deep clean ({state.model.replace(/^(onnx|webllm):/, '')}, on this device)
        </button>
      )}
      {state.phase === 'running' && (
        <p>
          Deep clean: the language model is labelling the page’s blocks…{' '}
          <button type="button" id="pith-deep-clean-cancel" onClick={deepClean.cancel}>
            Cancel
          </button>
        </p>
      )}
      {state.phase === 'done' && (
        <p id="pith-deep-clean-result" data-applied={String(state.applied)}>
          {state.reason}
        </p>
      )}
    </section>
  );
}
