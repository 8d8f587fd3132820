/** The one headless Chromium the CLI and the benchmark drive, and the contexts pages open in. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The system's Chromium; PITH_CHROMIUM names another (e.g. /usr/bin/chromium-browser, google-chrome). */
export const CHROMIUM_PATH = process.env.PITH_CHROMIUM || '/usr/bin/chromium';
/** Headless flags every launch uses (background networking off: this machine's closed network refuses it). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface Viewport {
  width: number;
  height: number;
}

/** GCE's layout grid assumes a maximised 1920×1080 window. */
export const DEFAULT_VIEWPORT: Viewport = { width: 1920, height: 1080 };

/**
 * Signals are left to the command (scripts/lib/shutdown.ts): Playwright's own handlers would close the browser but
 * keep the process running.
 */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** bypassCSP so the page's own policy cannot refuse the imported bundle; no service workers (they bypass routing). */
export function newPageContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({ viewport, bypassCSP: true, serviceWorkers: 'block', acceptDownloads: false });
}
