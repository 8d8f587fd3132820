import type { Block } from '../../snapshot/types';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['toc', 'table-of-contents', 'tableofcontents', 'ez-toc', 'toc-container', 'article-toc', 'on-this-page', 'page-toc', 'contents-list', 'toclist', 'tocify']);
const HEADING = /^(table of contents|contents|on this page|in this (article|post|section|page)|jump to|inhalt|inhaltsverzeichnis|sommaire|índice|indice|目次|目录)$/i;

function isTocHeading(block: Block | undefined): boolean {
  return block !== undefined && block.text.length <= 40 && HEADING.test(block.text.replace(/[:\s]+$/, ''));
}

/** Tables of contents: a "Contents" / "On this page" heading and the list under it, or an element marked toc. */
export const tableOfContents: RemovalRule = {
  cause: 'table-of-contents',
  roles: { explains: 10 },
  block(block) {
    return isTocHeading(block) ? `heading ${quoted(block.text)}` : null;
  },
  region(region) {
    if (region.node.label && /contents|on this page/.test(region.node.label)) return `in ${describeElement(region.node)} labelled “${region.node.label}”`;
    const word = WORDS(region.tokens);
    if (word) return `in ${describeElement(region.node, word)}`;
    if (region.linkShare >= 0.5 && isTocHeading(region.firstBlock)) return `under the heading ${quoted(region.firstBlock!.text)}, ${Math.round(region.linkShare * 100)}% links`;
    return null;
  },
};
