/**
 * Painting the reader: the article's first screen first (FirstView: header and the start of the text, controls as a
 * skeleton); once that is on screen and the page is idle, the full reader (App), which takes over the same layout
 * with the whole article.
 */
import { render } from 'preact';
import { whenIdle, whenPainted } from './after-paint';
import { FirstView, PAINT_TIMING_ID } from './components/FirstView';
import type { ReadOutcome } from './read-source';
import { mark } from '@/ext/timeline';

mark('reader:view-loaded');

/** How long the full reader waits for the first screen's paint to be reported, and then for an idle moment. */
const PAINT_WAIT_MS = 500;
const IDLE_WAIT_MS = 200;

export async function showReader(mount: HTMLElement, outcome: Promise<ReadOutcome>, settingsApplied: Promise<unknown>): Promise<void> {
  const [state] = await Promise.all([outcome, settingsApplied]);
  if (state.phase === 'ready') {
    mount.textContent = '';
    render(<FirstView extraction={state.extraction} />, mount);
    await whenPainted(PAINT_TIMING_ID, PAINT_WAIT_MS);
    mark('article:painted');
    await whenIdle(IDLE_WAIT_MS);
  }
  const { App } = await import('./App');
  mark('app:loaded');
  mount.textContent = '';
  render(<App initial={state} />, mount);
}
