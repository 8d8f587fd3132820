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
    const title = normalise(page.snapshot.metadata.title);
    const text = normalise(block.text);
    if (text.length < 4 || !title) return null;
    if (title === text || (title.includes(text) && text.length * 2 >= title.length)) return `heading ${quoted(block.text, 60)}, shown as the title`;
    return null;
  },
};
