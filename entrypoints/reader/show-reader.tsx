/**
 * Painting the reader: the article first (FirstView: header and text, controls as a skeleton), then the full
 * reader (App, loaded after that paint), which takes over the same layout and the same article HTML.
 */
import { render } from 'preact';
import { afterPaint } from './after-paint';
import { renderedArticle } from './article-html';
import { FirstView } from './components/FirstView';
import type { ReadOutcome } from './read-source';
import { mark } from '@/ext/timeline';

mark('reader:view-loaded');

export async function showReader(mount: HTMLElement, outcome: Promise<ReadOutcome>, settingsApplied: Promise<unknown>): Promise<void> {
  const [state] = await Promise.all([outcome, settingsApplied]);
  if (state.phase === 'ready') {
    renderedArticle(state.extraction, false);
    mark('article:html');
    mount.textContent = '';
    render(<FirstView extraction={state.extraction} />, mount);
    await afterPaint();
    mark('article:frame');
  }
  const { App } = await import('./App');
  mark('app:loaded');
  mount.textContent = '';
  render(<App initial={state} />, mount);
}
