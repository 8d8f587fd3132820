import type { RemovalRule } from '../types';
import { describeElement } from '../words';

/** Class words of a shop's own controls; "cart" also inside run-together words ("minicart", "slidercartheader"). */
const SHOP = /cart(?![eo])|panier|basket|checkout|wish-?list|click-?and-?collect|store-?locator/;

/** A shop's controls beside the page: the cart, checkout, wish list or store picker. */
export const shopPanel: RemovalRule = {
  cause: 'shop-widget',
  roles: { names: 2 },
  marksOnly: true,
  region(region) {
    const word = region.tokens.find((t) => t.length <= 60 && SHOP.test(t));
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
