/**
 * The benchmark's stand-in for the extension's model host in the perplexity stage: one long-lived page, in a
 * browser of its own, that keeps each language's model once it is loaded, so the benchmark measures loading as the
 * extension pays it (once per language per session) and reports it apart from the stage. Content pages hand it their
 * structural extraction after they are closed; it returns the run with the stage applied.
 */
import type { Extraction } from '../../src/pipeline/types';
import { HostPage } from './host-page';
import type { StructuralRun } from './in-page';
import { pageAssetMounts } from './model-assets';
import { CachedFiles } from './static-files';

/** Characters of removed text per removal cause ('none' for a removal without one), as runStructural counts them. */
export function removedByCause(extraction: Extraction): Record<string, number> {
  const out: Record<string, number> = {};
  for (const block of extraction.snapshot.blocks) {
    const decision = extraction.record.decisions[block.id];
    if (!decision || decision.kept || block.text.length === 0) continue;
    out[decision.cause ?? 'none'] = (out[decision.cause ?? 'none'] ?? 0) + block.text.length;
  }
  return out;
}

export class PerplexityPage {
  private readonly host: HostPage;

  constructor(bundleDir: string) {
    this.host = new HostPage({
      url: 'http://127.0.0.1:8125/perplexity-host',
      title: 'Pith perplexity host',
      files: () => new CachedFiles(bundleDir, pageAssetMounts()),
    });
  }

  /**
   * The stage over a structural run that kept its extraction; calls are serialised. Rejects only when the host
   * page cannot answer (the caller then keeps the structural run).
   */
  run(structural: StructuralRun, keepExtraction: boolean): Promise<StructuralRun> {
    const { extraction } = structural;
    if (!extraction) return Promise.resolve(structural);
    return this.host.serialised(async (page) => {
      const result = await page.evaluate(async ({ extraction }) => {
        const api = window.__pith;
        if (!api) throw new Error('window.__pith is not installed in the perplexity host page');
        const x = await api.perplexity(extraction, true);
        return { output: api.format(x, 'text'), extraction: x };
      }, { extraction });
      const x = result.extraction;
      return {
        ...structural,
        output: result.output,
        // gce alone, for the report's side-by-side (as with the semantic pass).
        structuralOutput: structural.output,
        // The stage's time in the host page, as the in-page run counts it (not the transfer to and from Node).
        ms: structural.ms + (x.timings.perplexity ?? 0) + (x.timings['perplexity-load'] ?? 0),
        timings: x.timings,
        runs: x.record.runs,
        removedByCause: removedByCause(x),
        extraction: keepExtraction ? x : undefined,
      } satisfies StructuralRun;
    });
  }

  close(): Promise<void> {
    return this.host.close();
  }
}
