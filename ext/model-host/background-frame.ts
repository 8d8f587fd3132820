/**
 * Firefox has no offscreen API, but its MV3 background is an event page with a DOM. The host page runs there in
 * an iframe: the same entrypoint, listener and lazy imports as Chrome's offscreen document, and none of its
 * WASM/top-level-await modules in the background bundle (which WXT builds as a classic script).
 */
import { browser } from 'wxt/browser';
import { HOST_PAGE_PATH } from './protocol';

const FRAME_ID = 'pith-model-host';

/** Call in the background page only. Idempotent. */
export function ensureBackgroundFrame(): void {
  if (typeof document === 'undefined') throw new Error('the model host frame needs a background page with a DOM');
  if (document.getElementById(FRAME_ID)) return;
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.src = browser.runtime.getURL(HOST_PAGE_PATH as '/offscreen.html');
  (document.body ?? document.documentElement).append(frame);
}
