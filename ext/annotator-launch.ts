/**
 * Turning the annotator on for a tab: from the toolbar button's context menu ("Annotate this page"), the
 * Alt+Shift+A command, or the reader's "Correct on the page" button. Each is a user gesture that grants activeTab.
 * A page Pith cannot read opens the reader for it, which says why in the same words as always.
 */
import { browser, type Browser } from 'wxt/browser';
import { openReader } from './open-reader';
import { checkPageUrl } from './page-access';
import { MESSAGES, runScriptInTab, scriptingFailure, type ReadTabFailure } from './read-tab';

export const ANNOTATOR_SCRIPT = '/content-scripts/annotator.js';
export const ANNOTATE_MENU_ID = 'pith-annotate';
export const ANNOTATE_COMMAND = 'annotate';

declare global {
  /** The annotator's entry, exposed for end-to-end tests (menus and shortcuts cannot be used headless). */
  var pithAnnotate: ((tab: Browser.tabs.Tab) => Promise<{ ok: true } | ReadTabFailure>) | undefined;
}

/**
 * Injects the annotator into the tab and brings the tab to the front. `atClick`: called right at the menu click or
 * shortcut, whose permission may still be arriving (see runScriptInTab).
 */
export async function startAnnotator(tabId: number, url?: string, atClick = false): Promise<{ ok: true } | ReadTabFailure> {
  const access = checkPageUrl(url);
  if (!access.ok) return { ok: false, reason: access.reason, message: access.message };
  const run = await runScriptInTab(tabId, ANNOTATOR_SCRIPT, atClick);
  if (!run.ok) return run;
  if (run.results === 'timeout') return { ok: false, reason: 'error', message: MESSAGES.timeout };
  try {
    await browser.tabs.update(tabId, { active: true });
    return { ok: true };
  } catch (error) {
    return scriptingFailure(error);
  }
}

async function annotateTab(tab: Browser.tabs.Tab): Promise<{ ok: true } | ReadTabFailure> {
  if (tab.id === undefined) return { ok: false, reason: 'error', message: 'Pith doesn’t know which tab to annotate.' };
  const result = await startAnnotator(tab.id, tab.url ?? tab.pendingUrl, true);
  if (!result.ok) await openReader(tab);
  return result;
}

export function installAnnotatorEntryPoints(): void {
  globalThis.pithAnnotate = annotateTab;
  browser.runtime.onInstalled.addListener(() => {
    browser.contextMenus.create({ id: ANNOTATE_MENU_ID, title: 'Annotate this page', contexts: ['action'] }, () => void browser.runtime.lastError);
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === ANNOTATE_MENU_ID && tab) void annotateTab(tab);
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === ANNOTATE_COMMAND && tab) void annotateTab(tab);
  });
}
