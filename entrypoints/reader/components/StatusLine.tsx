import type { Extraction } from '@/src/pipeline/types';
import { readerStatus, statusSummary } from '@/src/render/status';

/**
 * `#pith-status`: for people, the page type when Pith was confident of it and how many pieces were removed;
 * nothing when there is nothing to say. `#pith-warning`: what was read only in part or differently.
 */
export function StatusLine({ extraction }: { extraction: Extraction }) {
  const status = readerStatus(extraction);
  const warning = statusSummary(extraction).warning;
  const type = extraction.pageType;
  const parts = [status.pageType, status.removed].filter((p): p is string => p !== null);
  return (
    <>
      {parts.length > 0 && (
        <p id="pith-status" class="pith-status">
          {status.pageType && (
            <>
              <span class="pith-status-page-type" data-page-type={type?.type} data-profile={type?.applied ? 'applied' : 'not-applied'}>
                {status.pageType}
              </span>
              {status.removed && ' · '}
            </>
          )}
          {status.removed && <span class="pith-status-removed">{status.removed}</span>}
        </p>
      )}
      {warning && (
        <p id="pith-warning" class="pith-status pith-warning" role="status">
          {warning}
        </p>
      )}
    </>
  );
}
