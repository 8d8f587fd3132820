/**
 * The CLI's stand-in for the extension's offscreen document: one long-lived page, in a browser of its own, that
 * holds the embedder and the outlier index for the whole run, so no page reloads the model or re-embeds the phrases.
 * Content pages hand it their structural extraction; it returns the page after SORE.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { SemanticOptions, SemanticReady } from '../../src/pipeline/page-api';
import { semanticFailure } from '../../src/pipeline/semantic-failure';
import type { ExportOptions } from '../../src/export/options';
import type { ExportFormat, Extraction } from '../../src/pipeline/types';
import { HostPage } from './host-page';
import { exposeIndexCache } from './index-cache';
import { modelMounts } from './model-assets';
import { forwardConsole, type ConsoleSink } from './page-console';
import { CachedFiles } from './static-files';

/** Loading a model and embedding the outlier index once: generous, it happens once per run. */
const PREPARE_TIMEOUT_MS = 15 * 60_000;
/** A pass past its limit stops at its next embedding batch; a model page silent this much longer is replaced. */
const STOP_GRACE_MS = 15_000;

export interface SemanticRun {
  output: string;
  mode: string;
  timings: Record<string, number>;
  runs: Extraction['record']['runs'];
  /** Why the pass kept the structural result (failed, stopped at its time limit), if it did. */
  error?: string;
}

export class SemanticTimeoutError extends Error {}

function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SemanticTimeoutError(message)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

export class ModelPage {
  private readonly host: HostPage;
  private ready: Promise<SemanticReady> | undefined;
  private cdp: Promise<CDPSession> | undefined;

  /**
   * @param onReady told once per model page what the model and index are (and what the index had to leave out).
   */
  constructor(
    bundleDir: string,
    readonly options: SemanticOptions,
    /** Where the model page's console errors and warnings go (undefined: dropped). */
    consoleSink?: ConsoleSink,
    private readonly onReady: (ready: SemanticReady) => void = () => undefined,
  ) {
    this.host = new HostPage({
      url: 'http://127.0.0.1:8124/model-host',
      title: 'Pith model host',
      files: () => new CachedFiles(bundleDir, modelMounts()),
      beforeLoad: async (page) => {
        forwardConsole(page, 'model page', consoleSink, 'whole-page');
        await exposeIndexCache(page);
      },
      afterLoad: (page) => this.prepare(page),
    });
  }

  /**
   * SORE over one extraction, formatted in the model page. Calls are serialised like the offscreen host's. Never
   * rejects for the pass itself: a failure or a pass past `options.timeoutMs` gives the structural result with a
   * 'sore:failed' run and `error`. Rejects only when the model page itself cannot answer (the caller then keeps
   * its own structural output).
   */
  run(extraction: Extraction, format: ExportFormat, exportOptions: ExportOptions = {}): Promise<SemanticRun> {
    const job = this.host.serialised(async (page) => {
      const evaluation = page.evaluate(
        async ({ extraction, options, format, exportOptions }) => {
          const api = window.__pith;
          if (!api) throw new Error('window.__pith is not installed in the model page');
          const result = await api.semantic(extraction, options);
          return { output: api.format(result, format, exportOptions), mode: result.mode, timings: result.timings, runs: result.record.runs };
        },
        { extraction, options: this.options, format, exportOptions },
      );
      const limit = this.options.timeoutMs;
      if (limit === undefined) return evaluation;
      evaluation.catch(() => undefined);
      try {
        return await within(evaluation, limit + STOP_GRACE_MS, `the semantic pass did not stop within ${Math.round((limit + STOP_GRACE_MS) / 1000)} s`);
      } catch (error) {
        if (error instanceof SemanticTimeoutError) await this.close(); // a hung model page is replaced for the next page
        throw error;
      }
    });
    return job.then((run) => ({ ...run, error: semanticFailure(run.runs) }));
  }

  /**
   * CPU time the model browser's renderer processes have used so far (Chromium's SystemInfo.getProcessInfo, 10 ms
   * steps), in ms: what a pass costs whatever else the machine runs, where wall time stretches with the load. Read
   * between passes.
   */
  rendererCpuMs(): Promise<number> {
    return this.host.serialised(async (page) => {
      const browser = page.context().browser();
      if (!browser) return NaN;
      this.cdp ??= browser.newBrowserCDPSession();
      const { processInfo } = await (await this.cdp).send('SystemInfo.getProcessInfo');
      return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0) * 1000;
    });
  }

  /** The model and index the pass uses, once the model page has loaded them (rejects with why it could not). */
  whenReady(): Promise<SemanticReady> {
    return this.host.open().then(() => this.ready ?? Promise.reject(new Error('the model page is not open')));
  }

  close(): Promise<void> {
    this.cdp = undefined;
    return this.host.close();
  }

  /**
   * Loads the model and the outlier index before the first page, outside any page's time limit. A failure here
   * (no phrase list, model not loadable) is not thrown: each page's pass then fails with the same reason, keeps
   * its structural result and says so.
   */
  private async prepare(page: Page): Promise<void> {
    this.ready = within(
      page.evaluate(async (options) => {
        const api = window.__pith;
        if (!api) throw new Error('window.__pith is not installed in the model page');
        return api.prepareSemantic(options);
      }, this.options),
      PREPARE_TIMEOUT_MS,
      `loading the model took longer than ${PREPARE_TIMEOUT_MS / 60_000} min`,
    );
    try {
      this.onReady(await this.ready);
    } catch {
      // said per page, by the pass that fails for the same reason
    }
  }
}

/** One line on stderr per model page: which model and index the pass uses, and what the index left out. */
export function logSemanticReady(ready: SemanticReady, log: (line: string) => void): void {
  log(`semantic pass: ${ready.model} (${ready.backend}), outlier index of ${ready.indexSize} known lines, ready in ${Math.round(ready.ms)} ms`);
  for (const warning of ready.warnings) log(`warning: ${warning}`);
}
