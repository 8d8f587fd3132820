/**
 * Anti-flicker snippets (A/B testing, analytics) hide <html> or <body> until their script runs; a saved page or a
 * page whose scripts are blocked stays hidden forever. Reveal the root for the duration of the snapshot.
 * Returns a function that restores the page as it was.
 */
export function revealSelfHiddenPage(doc: Document): () => void {
  const win = doc.defaultView ?? window;
  const restores: (() => void)[] = [];
  for (const el of [doc.documentElement, doc.body]) {
    if (!el) continue;
    const style = win.getComputedStyle(el);
    if (style.visibility !== 'hidden' && parseFloat(style.opacity) !== 0) continue;
    const previous = el.getAttribute('style');
    el.style.setProperty('visibility', 'visible', 'important');
    el.style.setProperty('opacity', '1', 'important');
    restores.push(() => (previous === null ? el.removeAttribute('style') : el.setAttribute('style', previous)));
  }
  return () => restores.forEach((restore) => restore());
}
