import type { RemovalRule } from '../types';
import { quoted } from '../words';

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

/** The article's own headline, which the reader shows as its title. */
export const duplicateTitle: RemovalRule = {
  cause: 'duplicate-title',
  roles: { explains: 18 },
  block(block, page) {
    if (block.kind !== 'heading') return null;
    return repeatsPageTitle(block.text, page.snapshot.metadata.title) ? `heading ${quoted(block.text, 60)}, shown as the title` : null;
  },
};

/** Whether a heading's text is the page's title (or most of it, without the site's name). */
export function repeatsPageTitle(heading: string, pageTitle: string): boolean {
  const title = normalise(pageTitle);
  const text = normalise(heading);
  if (text.length < 4 || !title) return false;
  return title === text || (title.includes(text) && text.length * 2 >= title.length);
}
