import type { Block } from '../../snapshot/types';
import type { RemovalRule } from '../types';
import { quoted } from '../words';

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

/** Whether a heading is the page's own headline: its text is the page's title, or most of it (the rest: the site's name). */
export function isPageHeadline(block: Block, pageTitle: string): boolean {
  if (block.kind !== 'heading') return false;
  const title = normalise(pageTitle);
  const text = normalise(block.text);
  if (text.length < 4 || !title) return false;
  return title === text || (title.includes(text) && text.length * 2 >= title.length);
}

/** The article's own headline, which the reader shows as its title. */
export const duplicateTitle: RemovalRule = {
  cause: 'duplicate-title',
  roles: { explains: 18 },
  block(block, page) {
    return isPageHeadline(block, page.snapshot.metadata.title) ? `heading ${quoted(block.text, 60)}, shown as the title` : null;
  },
};
