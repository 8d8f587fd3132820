import type { RemovalRule } from '../types';
import { describeElement } from '../words';

/** Above this much text an element is more than a form (a page some sites wrap whole in one <form>). */
export const MAX_FORM_TEXT = 1500;

/** Forms the other rules did not name (contact, quote, search, set-up forms): labels and buttons of fields to fill in. */
export const webForm: RemovalRule = {
  cause: 'web-form',
  roles: { names: 10 },
  marksOnly: true,
  region(region) {
    return region.node.form && region.textLength <= MAX_FORM_TEXT ? `in ${describeElement(region.node)}` : null;
  },
};
