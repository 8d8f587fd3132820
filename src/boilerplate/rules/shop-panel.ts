import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

// Not a bare "cart" inside a longer word ("ccarticles"), nor in a blog's or post's element ("blog-cart", a card).
const WORDS = /* @__PURE__ */ wordMatcher(['cart', 'minicart', 'mini-cart', 'side-cart', 'incart', 'basket', 'panier', 'checkout', 'wishlist', 'wish-list', 'clickandcollect', 'click-and-collect', 'store-locator'], { exclude: /blog|post|article/ });

/** A shop's controls beside the page: the cart, checkout, wish list or store picker. */
export const shopPanel: RemovalRule = {
  cause: 'shop-widget',
  roles: { names: 2 },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
