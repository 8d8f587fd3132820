import type { DeepCleanSummary } from '../dripper/summary';
import type { DecisionRecord } from '../decisions/types';
import type { PageTypeSummary } from '../page-type';
import type { PageSnapshot } from '../snapshot/types';
import type { SegmentVerdict } from '../sore/types';

/** What one run of the pipeline over a page produces; passed from the page to the reader, the CLI and exports. */
export interface Extraction {
  snapshot: PageSnapshot;
  record: DecisionRecord;
  /** Main container chosen by GCE (node id), or -1 when the structural fallback decided. */
  mainNode: number;
  /** Human summary of the path, e.g. "Layout (GCE, M3 best)" or "Structural fallback (Readability)". */
  mode: string;
  timings: Record<string, number>; // ms per stage, including 'snapshot' and 'total'
  /** Sentence-level verdicts of the semantic stage: the removed sentences inside kept blocks are dimmed in the reader. */
  segments?: SegmentVerdict[];
  /** The page type the classifier saw and whether its profile ran (src/page-type/). */
  pageType?: PageTypeSummary;
  /** What deep clean (src/dripper/) did, or why it fell back to the result before it. */
  deepClean?: DeepCleanSummary;
}

export type ExportFormat = 'md' | 'html' | 'text' | 'json';
