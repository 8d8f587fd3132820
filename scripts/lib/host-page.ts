/**
 * A long-lived page in a browser of its own, the CLI's and the benchmark's stand-in for the extension's model host:
 * opened with the page bundle on first use, kept for the run, its calls serialised as the host serialises messages.
 * `ModelPage` (the semantic pass) and `PerplexityPage` (the perplexity stage) are each one of these.
 */
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_VIEWPORT, launchBrowser, newPageContext } from './browser';
import { loadPithPage } from './open-page';
import type { CachedFiles } from './static-files';

const LOAD_TIMEOUT_MS = 60_000;

export interface HostPageSetup {
  url: string;
  title: string;
  /** The bundle and the assets the page may fetch. */
  files: () => CachedFiles;
  /** Before the page loads (console forwarding, exposed functions). */
  beforeLoad?: (page: Page) => Promise<void>;
  /** Once `window.__pith` is ready, before the first call (loading a model). */
  afterLoad?: (page: Page) => Promise<void>;
}

export class HostPage {
  private browser: Browser | undefined;
  private page: Promise<Page> | undefined;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly setup: HostPageSetup) {}

  /** Runs `job` on the page once every earlier call has ended (one that failed included). */
  serialised<T>(job: (page: Page) => Promise<T>): Promise<T> {
    const run = this.chain.then(async () => job(await this.open()));
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The page, opened on first use; a page that failed to open is tried again on the next call. */
  open(): Promise<Page> {
    this.page ??= (async () => {
      this.browser = await launchBrowser();
      const page = await (await newPageContext(this.browser, DEFAULT_VIEWPORT)).newPage();
      await this.setup.beforeLoad?.(page);
      const html = `<!doctype html><meta charset="utf-8"><title>${this.setup.title}</title>`;
      await loadPithPage(page, { kind: 'html', url: this.setup.url, html }, this.setup.files(), { pageScripts: true, timeoutMs: LOAD_TIMEOUT_MS });
      await this.setup.afterLoad?.(page);
      return page;
    })();
    this.page.catch(() => (this.page = undefined));
    return this.page;
  }

  /** Closes the browser; the next call opens a fresh page. */
  async close(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    this.browser = undefined;
    this.page = undefined;
  }
}
