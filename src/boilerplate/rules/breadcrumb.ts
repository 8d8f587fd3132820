import type { RemovalRule } from '../types';
import { describeElement, quoted, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['breadcrumbs?', 'crumbs?', 'breadcrumb-trail', 'yoast-breadcrumb', 'breadcrumblist']);
const TRAIL = /^(home|start|homepage)\s*[›»>\/|→·]/i;

/** Breadcrumb trails: "Home › News › …", an element marked breadcrumb, or schema.org BreadcrumbList. */
export const breadcrumb: RemovalRule = {
  cause: 'breadcrumb',
  roles: { explains: 8 },
  block(block) {
    if (block.text.length > 200 || block.linkCount === 0) return null;
    return TRAIL.test(block.text) ? `trail ${quoted(block.text)}` : null;
  },
  marksOnly: true,
  region(region) {
    const type = schemaType(region, ['breadcrumblist']);
    if (type) return `in ${describeElement(region.node)} of type BreadcrumbList`;
    if (region.node.label?.includes('breadcrumb')) return `in ${describeElement(region.node)} labelled “${region.node.label}”`;
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
