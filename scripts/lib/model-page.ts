/**
 * The CLI's stand-in for the extension's offscreen document: one long-lived page, in a browser of its own, that
 * holds the embedder and the outlier index for the whole run, so no page reloads the model or re-embeds the phrases.
 * Content pages hand it their structural extraction; it returns the page after SORE.
 */
import type { Browser, Page } from 'playwright-core';
import type { SemanticOptions } from '../../src/pipeline/page-api';
import type { ExportFormat, Extraction } from '../../src/pipeline/types';
import { launchBrowser, newPageContext, DEFAULT_VIEWPORT } from './browser';
import { modelMounts } from './model-assets';
import { loadPithPage } from './open-page';
import { forwardConsole, type ConsoleSink } from './page-console';
import { CachedFiles } from './static-files';

const HOST_URL = 'http://127.0.0.1:8124/model-host';
const HOST_HTML = '<!doctype html><meta charset="utf-8"><title>Pith model host</title>';
const LOAD_TIMEOUT_MS = 60_000;

export interface SemanticRun {
  output: string;
  mode: string;
  timings: Record<string, number>;
  runs: Extraction['record']['runs'];
}

export class ModelPage {
  private browser: Browser | undefined;
  private page: Promise<Page> | undefined;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly bundleDir: string,
    readonly options: SemanticOptions,
    /** Where the model page's console errors and warnings go (undefined: dropped). */
    private readonly consoleSink?: ConsoleSink,
  ) {}

  /** SORE over one extraction, formatted in the model page. Calls are serialised like the offscreen host's. */
  run(extraction: Extraction, format: ExportFormat): Promise<SemanticRun> {
    const job = this.chain.then(async () => {
      const page = await this.open();
      return page.evaluate(
        async ({ extraction, options, format }) => {
          const api = window.__pith;
          if (!api) throw new Error('window.__pith is not installed in the model page');
          const result = await api.semantic(extraction, options);
          return { output: api.format(result, format), mode: result.mode, timings: result.timings, runs: result.record.runs };
        },
        { extraction, options: this.options, format },
      );
    });
    this.chain = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    this.browser = undefined;
    this.page = undefined;
  }

  private open(): Promise<Page> {
    this.page ??= (async () => {
      this.browser = await launchBrowser();
      const context = await newPageContext(this.browser, DEFAULT_VIEWPORT);
      const page = await context.newPage();
      forwardConsole(page, 'model page', this.consoleSink, 'whole-page');
      const files = new CachedFiles(this.bundleDir, modelMounts());
      await loadPithPage(page, { kind: 'html', url: HOST_URL, html: HOST_HTML }, files, { pageScripts: true, timeoutMs: LOAD_TIMEOUT_MS });
      return page;
    })();
    this.page.catch(() => (this.page = undefined));
    return this.page;
  }
}
