/**
 * The annotator content script. Not registered in the manifest: the background (context menu, Alt+Shift+A) or the
 * reader ("Correct on the page") injects it into the tab with scripting.executeScript after the user asks.
 * Injected again while it is open, it re-reads the page.
 */
import { Annotator } from './overlay';

declare global {
  var pithAnnotator: Annotator | undefined;
}

export default defineContentScript({
  registration: 'runtime',
  main() {
    if (globalThis.pithAnnotator) {
      void globalThis.pithAnnotator.read();
      return 'reread';
    }
    const annotator = new Annotator(() => {
      globalThis.pithAnnotator = undefined;
    });
    globalThis.pithAnnotator = annotator;
    void annotator.read();
    return 'started';
  },
});
