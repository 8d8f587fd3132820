import { browser, type Browser } from 'wxt/browser';
import { installModelHostBackground } from '@/ext/model-host/client';
import { installAnnotatorEntryPoints } from '@/ext/annotator-launch';
import { openReader } from '@/ext/open-reader';
import { installEarlyReadService } from '@/ext/early-read';
import { installAutoOpen } from '@/ext/auto-open';

declare global {
  /** The toolbar action's handler, exposed for end-to-end tests (the action cannot be clicked headless). */
  var pithOpenReader: ((tab: Browser.tabs.Tab) => Promise<void>) | undefined;
}

export default defineBackground(() => {
  installModelHostBackground();
  installAnnotatorEntryPoints();
  installEarlyReadService();
  installAutoOpen();
  globalThis.pithOpenReader = openReader;
  // The toolbar button and its shortcut (_execute_action, Alt+Shift+R) both arrive here.
  browser.action.onClicked.addListener((tab) => {
    void openReader(tab);
  });
});
