import type { Extraction } from '@/src/pipeline/types';
import { statusSummary } from '@/src/render/status';

/** `#pith-status`: the extraction mode, how many blocks were kept, and which path each stage took. */
export function StatusLine({ extraction }: { extraction: Extraction }) {
  const status = statusSummary(extraction);
  const title = status.totalMs === null ? undefined : `Extracted in ${Math.round(status.totalMs)} ms`;
  return (
    <p id="pith-status" class="pith-status" title={title}>
      <span class="pith-status-mode">{status.mode}</span>
      {' · '}
      <span class="pith-status-count">
        {status.kept} of {status.total} blocks kept
      </span>
      {status.paths.length > 0 && (
        <>
          {' · '}
          <span class="pith-status-paths">{status.paths.join(', ')}</span>
        </>
      )}
    </p>
  );
}
