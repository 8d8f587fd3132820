/**
 * Pages built by scripts (an app shell, a client-rendered article) may have an empty <body> when Pith is opened.
 * Rather than read nothing, wait a little for the content to arrive: a MutationObserver wakes on every change, the
 * wait ends once the body holds something to read and has been quiet for a moment, or at the time limit.
 */
import type { ContentWait } from './types';

/** Elements that are content by themselves (a frame is read in place; media stand alone). */
const CONTENT_ELEMENTS = 'img, picture, video, audio, svg, canvas, iframe, frame, object, embed, math';

const NOT_TEXT = new Set(['script', 'style', 'noscript', 'template']);

/**
 * Whether the document holds anything to read: text outside scripts and styles (hidden or not: the snapshot reveals
 * a page hidden until its scripts run), media or frames. Non-HTML documents and framesets always do.
 */
export function hasContent(doc: Document): boolean {
  const body = doc.body;
  if (!body || body.localName === 'frameset') return true;
  // Text first: it usually turns up within the first few nodes, while a page without media is searched whole for it.
  const texts = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT);
  for (let n = texts.nextNode(); n; n = texts.nextNode()) {
    if (!NOT_TEXT.has(n.parentElement?.localName ?? '') && (n.nodeValue ?? '').trim() !== '') return true;
  }
  return body.querySelector(CONTENT_ELEMENTS) !== null;
}

export interface WaitOptions {
  /** Longest wait in all. */
  timeoutMs: number;
  /** Once content is there, how long the page must go without changes before it is read. */
  quietMs?: number;
}

/**
 * Resolves at once with null when the page already has content; else waits (at most `timeoutMs`) and says how
 * long it waited and whether content came.
 */
export function waitForContent(doc: Document, { timeoutMs, quietMs = 150 }: WaitOptions): Promise<ContentWait | null> {
  if (hasContent(doc)) return Promise.resolve(null);
  const started = performance.now();
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const finish = (found: boolean) => {
      observer.disconnect();
      clearTimeout(limit);
      clearTimeout(quiet);
      resolve({ ms: Math.round(performance.now() - started), found });
    };
    const observer = new MutationObserver(() => {
      // Once content has come, any change only restarts the quiet time: the body is not searched again per change.
      if (quiet === undefined && !hasContent(doc)) return;
      clearTimeout(quiet);
      quiet = setTimeout(() => finish(true), quietMs);
    });
    observer.observe(doc.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
    const limit = setTimeout(() => finish(hasContent(doc)), timeoutMs);
  });
}
