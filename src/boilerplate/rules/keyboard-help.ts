import type { PageView } from '../page-view';
import type { RemovalRule } from '../types';
import { quoted, wordMatcher } from '../words';

/** "Press ← or → to navigate between chapters", "Press ? to show this help", "Press Esc to hide this help". */
const KEY_LINE = /^(press|type|hit|use)\s+\S.{0,24}?\s+to\s+\p{L}/iu;
const TITLE = /^(keyboard shortcuts|keyboard navigation|shortcuts|hotkeys|key ?bindings)$/i;
/** Words of the element that holds the help (mdBook's "mdbook-help-popup", "shortcuts-modal", "keyboard-help"). */
const WORDS = wordMatcher(['help', 'shortcuts?', 'keyboard', 'hotkeys?', 'keybindings?', 'keymap']);
/** How far up from the line the help's element may sit, and the fewest key lines it holds. */
const MAX_STEPS = 4;
const MIN_KEY_LINES = 2;

/** The element around the block marked as keyboard help whose blocks are (mostly) "Press … to …" lines, with their count. */
function helpElement(node: number, page: PageView): { node: number; keyLines: number } | null {
  const nodes = page.snapshot.nodes;
  for (let v = node, steps = 0; v > 0 && steps <= MAX_STEPS; v = nodes[v]!.parent, steps++) {
    if (!WORDS(page.region(v).tokens) && nodes[v]!.tag !== 'dialog') continue;
    const first = page.firstBlock[v]!;
    const count = page.blockCount[v]!;
    let keyLines = 0;
    let lines = 0;
    for (let b = first; b >= 0 && b < first + count; b++) {
      const block = page.snapshot.blocks[b]!;
      if (!block.text || block.kind === 'heading') continue;
      lines++;
      if (KEY_LINE.test(block.text)) keyLines++;
    }
    if (keyLines >= MIN_KEY_LINES && keyLines * 2 >= lines) return { node: v, keyLines };
  }
  return null;
}

/**
 * A keyboard-shortcut help dialog: documentation sites (mdBook, and others) ship it in every page, hidden until the
 * reader presses "?"; read without the site's styles it shows above the article. Its title and its "Press … to …"
 * lines, inside an element named for help or shortcuts (or a <dialog>) that holds mostly such lines. A "Press Ctrl+C
 * to quit" in a tutorial's prose stays.
 */
export const keyboardHelp: RemovalRule = {
  cause: 'keyboard-help',
  roles: { explains: 7, decides: 11 },
  decidesHeadings: true,
  block(block, page) {
    if (block.text.length > 80 || !(KEY_LINE.test(block.text) || TITLE.test(block.text))) return null;
    const help = helpElement(block.node, page);
    if (!help) return null;
    const word = WORDS(page.region(help.node).tokens) ?? 'dialog';
    return `${quoted(block.text)} in “${word}”, ${help.keyLines} “Press … to …” lines`;
  },
};
