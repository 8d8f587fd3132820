/**
 * The "Deep clean" offer: a button where it can run, a sentence saying why not where it cannot, and before the first
 * run the model's download: what and how large, with the user's yes or no, then progress and a cancel button.
 */
import { formatBytes } from '@/src/dripper/models';
import type { LmDownloadStatus } from '@/ext/model-host/protocol';
import type { DeepClean } from '../use-deep-clean';

/** The bar's value and its words. `planned`: the size the offer named (files not yet started count only there). */
function downloadProgress(status: LmDownloadStatus, planned: number | null): { fraction: number | undefined; text: string } {
  const total = Math.max(status.total ?? 0, planned ?? 0);
  if (total && status.loaded !== undefined) {
    return { fraction: Math.min(1, status.loaded / total), text: `${formatBytes(status.loaded)} of ${formatBytes(total)}` };
  }
  const text = status.text || (status.fraction !== undefined ? `${Math.round(status.fraction * 100)} %` : 'starting…');
  return { fraction: status.fraction, text };
}

export function DeepCleanPanel({ deepClean }: { deepClean: DeepClean }) {
  const { state } = deepClean;
  const size = 'plan' in state ? (state.plan.bytes ? formatBytes(state.plan.bytes) : 'size unknown') : '';
  const progress = state.phase === 'downloading' ? downloadProgress(state.status, state.plan.bytes) : null;
  // What cannot run here is not offered; why is in the diagnostics view.
  if (state.phase === 'unavailable' || state.phase === 'checking') return null;
  return (
    <section id="pith-deep-clean" class="pith-section pith-deep-clean" data-state={state.phase} aria-live="polite">
      {state.phase === 'consent' && (
        <div id="pith-deep-clean-consent">
          <p>
            Deep clean asks a small language model, {state.plan.name}, which parts of the page are the article. It runs on
            this device; the model is downloaded once (<span id="pith-deep-clean-size">{size}</span>
            {state.plan.detail ? `; ${state.plan.detail}` : ''}) and kept by the browser.
          </p>
          {state.note && <p id="pith-deep-clean-note">{state.note}</p>}
          <button type="button" id="pith-deep-clean-download" onClick={deepClean.download}>
            Download {state.plan.name} ({size})
          </button>{' '}
          <button type="button" id="pith-deep-clean-decline" onClick={deepClean.decline}>
            Not now
          </button>
        </div>
      )}
      {state.phase === 'declined' && (
        <p id="pith-deep-clean-declined">
          Deep clean is off: nothing was downloaded, and the reader shows the structural result.{' '}
          <button type="button" id="pith-deep-clean-download" onClick={deepClean.download}>
            Download {state.plan.name} ({size})
          </button>
        </p>
      )}
      {state.phase === 'downloading' && progress && (
        <p id="pith-deep-clean-downloading">
          Downloading {state.plan.name}:{' '}
          <progress id="pith-deep-clean-progress" max={1} value={progress.fraction} />{' '}
          <span id="pith-deep-clean-progress-text">{progress.text}</span>{' '}
          <button type="button" id="pith-deep-clean-download-cancel" onClick={deepClean.cancelDownload}>
            Cancel
          </button>
        </p>
      )}
      {(state.phase === 'offered' || state.phase === 'done') && (
        <button type="button" id="pith-deep-clean-run" onClick={deepClean.run}>
          Deep clean (on this device)
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
