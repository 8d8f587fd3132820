import type { Extraction } from '@/src/pipeline/types';
import { statusSummary } from '@/src/render/status';

interface Props {
  extraction: Extraction;
  /** Which passes ran ("Structural only", "Semantic (SORE)"). */
  passes: string;
  /** Why deep clean cannot run here (e.g. no WebGPU), or null: it is then not offered at all. */
  deepCleanWhy: string | null;
}

/**
 * `details#pith-diagnostics`: the engine's view of this reading, closed by default: the path each stage took, how
 * many blocks were kept, the page type's confidence and profile, and features that cannot run here and why.
 */
export function Diagnostics({ extraction, passes, deepCleanWhy }: Props) {
  const status = statusSummary(extraction);
  const type = extraction.pageType;
  return (
    <details id="pith-diagnostics" class="pith-section pith-diagnostics">
      <summary>Details</summary>
      <dl>
        <dt>Extraction</dt>
        <dd id="pith-diagnostics-engine" data-mode={status.mode}>
          {status.mode} · {passes} · {status.kept} of {status.total} blocks kept
          {status.totalMs !== null && ` · ${Math.round(status.totalMs)} ms`}
        </dd>
        {type && (
          <>
            <dt>Page type</dt>
            <dd id="pith-diagnostics-page-type" data-page-type={type.type} data-profile={type.applied ? 'applied' : 'not-applied'}>
              {type.label} ({Math.round(type.confidence * 100)} %, profile {type.applied ? 'applied' : 'not applied'}): {type.reason}
            </dd>
          </>
        )}
        <dt>Stages</dt>
        <dd id="pith-diagnostics-paths" class="pith-diagnostics-mono">
          {status.paths.join(', ')}
        </dd>
        {deepCleanWhy && (
          <>
            <dt>Not available here</dt>
            <dd id="pith-deep-clean-why">{deepCleanWhy}</dd>
          </>
        )}
      </dl>
    </details>
  );
}
