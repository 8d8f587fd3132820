import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

// Plural or widget names only: a single "review" is often the article itself (a product review on a review site).
// No heading test: a "Reviews" heading also opens a shop's own testimonials, which are the page's content.
const WORDS = wordMatcher(['reviews', 'review-list', 'reviews-list', 'customer-reviews', 'product-reviews', 'star-rating', 'yotpo', 'okendo', 'jdgm', 'judgeme', 'loox', 'trustpilot', 'bazaarvoice', 'feefo']);

/** Customer reviews under a product: an element marked reviews, star rating or a review widget. */
export const customerReviews: RemovalRule = {
  cause: 'customer-reviews',
  roles: { explains: 16 },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
