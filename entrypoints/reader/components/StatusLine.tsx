import type { Extraction } from '@/src/pipeline/types';
import { statusSummary } from '@/src/render/status';
import { PageTypeStatus } from './PageTypeStatus';

/**
 * `#pith-status`: the extraction mode, which passes ran (structural only, or semantic on top), how many blocks were
 * kept, and which path each stage took.
 */
export function StatusLine({ extraction, passes }: { extraction: Extraction; passes?: string }) {
  const status = statusSummary(extraction);
  const title = status.totalMs === null ? undefined : `Extracted in ${Math.round(status.totalMs)} ms`;
  return (
    <>
    <p id="pith-status" class="pith-status" title={title}>
      <PageTypeStatus extraction={extraction} />
      <span class="pith-status-mode">{status.mode}</span>
      {' · '}
      {passes && (
        <>
          <span class="pith-status-passes">{passes}</span>
          {' · '}
        </>
      )}
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
    {status.warning && (
      <p id="pith-warning" class="pith-status pith-warning" role="status">
        {status.warning}
      </p>
    )}
    </>
  );
}
