import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['reviews', 'testimonial', 'testimonials', 'trustpilot', 'trust-pilot', 'reviews-carousel', 'customer-reviews', 'user-reviews']);

/**
 * Reviews and testimonials beside the page: an element marked so by its class words or, for a widget of its own
 * (a custom element such as <trust-pilot-reviews>), by its tag name. Names only: the deciding rule stays stricter.
 */
export const testimonials: RemovalRule = {
  cause: 'customer-reviews',
  roles: { names: 8 },
  region(region) {
    const word = WORDS(region.node.tag.includes('-') ? [...region.tokens, region.node.tag] : region.tokens);
    return word ? `in ${describeElement(region.node, word === region.node.tag ? null : word)}` : null;
  },
};
