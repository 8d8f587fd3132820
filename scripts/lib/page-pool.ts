/**
 * One browser, one context per worker slot, a fresh page per document. A page that crashes, hangs or cannot be
 * closed costs only its own document: its context is replaced, and a dead browser is relaunched.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPageContext, type Viewport } from './browser';
import { loadPithPage, type LoadOptions } from './open-page';
import { forwardConsole, type ConsoleSink } from './page-console';
import type { PageSource } from './page-source';
import { pageAssetMounts } from './model-assets';
import { CachedFiles } from './static-files';

/** A hung renderer may never acknowledge a close; after this long its context is thrown away instead. */
const CLOSE_GRACE_MS = 5_000;

export class PageTimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${Math.round(ms / 1000)} s`);
  }
}

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true, () => true), expired]).finally(() => clearTimeout(timer));
}

export class PagePool {
  private browser: Promise<Browser> | undefined;
  private readonly contexts = new Map<number, Promise<BrowserContext>>();
  private readonly bundle: CachedFiles;

  /**
   * @param consoleSink where Pith's console errors and warnings in these pages go (undefined: dropped)
   * @param browserArgs more Chromium switches (e.g. `--js-flags=...` for profiling)
   */
  constructor(
    bundleDir: string,
    private readonly viewport: Viewport,
    private readonly consoleSink?: ConsoleSink,
    private readonly browserArgs: readonly string[] = [],
  ) {
    this.bundle = new CachedFiles(bundleDir, pageAssetMounts());
  }

  /**
   * Loads `source` in a fresh page of `slot`'s context and runs `task` on it. Everything, from opening the page to
   * the task's answer, happens within `options.timeoutMs`: a browser call that never answers cannot stall a batch.
   */
  async withPage<T>(slot: number, source: PageSource, options: LoadOptions, task: (page: Page) => Promise<T>): Promise<T> {
    let page: Page | undefined;
    let abandoned = false;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PageTimeoutError(options.timeoutMs)), options.timeoutMs);
    });
    const work = (async () => {
      const opened = await this.newPage(slot);
      if (abandoned) {
        void opened.close().catch(() => undefined); // opened after the deadline: nobody will use it
        throw new PageTimeoutError(options.timeoutMs);
      }
      page = opened;
      forwardConsole(opened, `page ${source.url}`, this.consoleSink, 'pith-bundle');
      const crashed = new Promise<never>((_, reject) => opened.once('crash', () => reject(new Error('the page crashed'))));
      crashed.catch(() => undefined);
      const run = (async () => {
        await loadPithPage(opened, source, this.bundle, options);
        return task(opened);
      })();
      return Promise.race([run, crashed]);
    })();
    // Whichever loses the race settles later with nobody listening.
    deadline.catch(() => undefined);
    work.catch(() => undefined);

    let healthy = true;
    try {
      return await Promise.race([work, deadline]);
    } catch (error) {
      healthy = !(error instanceof PageTimeoutError) && page !== undefined && !page.isClosed();
      throw error;
    } finally {
      abandoned = true;
      clearTimeout(timer);
      const closed = page ? await settlesWithin(page.close({ runBeforeUnload: false }), CLOSE_GRACE_MS) : false;
      if (!closed || !healthy) await this.resetSlot(slot);
    }
  }

  /** e.g. "Chromium 156.0.8078.79", for reports. */
  async browserVersion(): Promise<string> {
    return `Chromium ${(await this.liveBrowser()).version()}`;
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    this.contexts.clear();
    if (browser) await (await browser.catch(() => undefined))?.close().catch(() => undefined);
  }

  private async newPage(slot: number): Promise<Page> {
    try {
      return await (await this.context(slot)).newPage();
    } catch {
      await this.resetSlot(slot); // the context (or the browser) died since the last document; retry once
      return (await this.context(slot)).newPage();
    }
  }

  private async context(slot: number): Promise<BrowserContext> {
    const existing = this.contexts.get(slot);
    if (existing) return existing;
    const context = this.liveBrowser().then((browser) => newPageContext(browser, this.viewport));
    this.contexts.set(slot, context);
    context.catch(() => {
      if (this.contexts.get(slot) === context) this.contexts.delete(slot);
    });
    return context;
  }

  /** Slots share one launch; a browser that died is relaunched once, by whichever slot notices first. */
  private async liveBrowser(): Promise<Browser> {
    for (;;) {
      const pending = this.browser ?? (this.browser = this.launch());
      const browser = await pending; // a failed launch is a failure of the whole run
      if (browser.isConnected()) return browser;
      if (this.browser === pending) this.browser = undefined;
    }
  }

  private async launch(): Promise<Browser> {
    const browser = await launchBrowser(this.browserArgs);
    browser.on('disconnected', () => this.contexts.clear());
    return browser;
  }

  private async resetSlot(slot: number): Promise<void> {
    const context = this.contexts.get(slot);
    this.contexts.delete(slot);
    if (context) await settlesWithin(context.then((c) => c.close()), CLOSE_GRACE_MS);
  }
}
