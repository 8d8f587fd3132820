/** JSON export: the page, its metadata, the path the pipeline took, and every block with its decision. */
import type { RemovalCause } from '../decisions/causes';
import type { Decision, Evidence, StageName, StageRun } from '../decisions/types';
import type { Extraction } from '../pipeline/types';
import type { BlockKind, PageMetadata } from '../snapshot/types';

export interface JsonExportBlock {
  id: number;
  kind: BlockKind;
  path: string;
  text: string;
  kept: boolean;
  /** Present (true) when the block is kept as its picture only: its images are in the article, its `text` is not. */
  pictureOnly?: true;
  stage: StageName | null;
  reason: string | null;
  /** For a removed block: its cause as a stable machine name (`nav-menu`, `login-prompt`, …; see causes.ts). */
  cause: RemovalCause | null;
  score: number | null;
  threshold: number | null;
  evidence: Evidence | null;
  /** Decisions this one replaced, newest first. */
  earlier: { stage: StageName; kept: boolean; reason: string }[];
}

export interface JsonExport {
  url: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  metadata: PageMetadata;
  mode: string;
  mainNode: number;
  timings: Record<string, number>;
  blocks: JsonExportBlock[];
  runs: StageRun[];
}

function earlierDecisions(decision: Decision | undefined): JsonExportBlock['earlier'] {
  const out: JsonExportBlock['earlier'] = [];
  for (let d = decision?.supersedes; d; d = d.supersedes) out.push({ stage: d.stage, kept: d.kept, reason: d.reason });
  return out;
}

export function toJsonExport(extraction: Extraction): JsonExport {
  const { snapshot, record } = extraction;
  return {
    url: snapshot.url,
    lang: snapshot.lang,
    dir: snapshot.dir,
    metadata: snapshot.metadata,
    mode: extraction.mode,
    mainNode: extraction.mainNode,
    timings: extraction.timings,
    blocks: snapshot.blocks.map((b) => {
      const d = record.decisions[b.id];
      return {
        id: b.id,
        kind: b.kind,
        path: b.path,
        text: b.text,
        kept: d?.kept ?? false,
        ...(d?.pictureOnly ? { pictureOnly: d.pictureOnly } : {}),
        stage: d?.stage ?? null,
        reason: d?.reason ?? null,
        cause: d?.cause ?? null,
        score: d?.score ?? null,
        threshold: d?.threshold ?? null,
        evidence: d?.evidence ?? null,
        earlier: earlierDecisions(d),
      };
    }),
    runs: record.runs,
  };
}

/** `highlights`: the reader's highlights with their anchors (export/highlights.ts), when there are any. */
export function toJson(extraction: Extraction, highlights?: object[]): string {
  const value = highlights ? { ...toJsonExport(extraction), highlights } : toJsonExport(extraction);
  return `${JSON.stringify(value, null, 2)}\n`;
}
