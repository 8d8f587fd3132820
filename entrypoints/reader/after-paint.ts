/** Resolves once the browser has painted what is in the DOM now (or soon after, in a tab that is not drawn). */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Resolves once an element marked `elementtiming="<identifier>"` has been painted and shown (Element Timing's
 * render time is when the frame was presented, not when the page handed it over), or after `limitMs`. Where the
 * browser has no Element Timing (Firefox), after the next frame.
 */
export function whenPainted(identifier: string, limitMs: number): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) return afterPaint();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => (e as PerformanceEntry & { identifier?: string }).identifier === identifier)) done();
    });
    const timer = setTimeout(() => done(), limitMs);
    function done(): void {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    }
    observer.observe({ type: 'element', buffered: true });
  });
}

/** Resolves when the page is idle (or after `limitMs`), so work that can wait does not delay a frame. */
export function whenIdle(limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: limitMs });
    else setTimeout(resolve, 0);
  });
}
