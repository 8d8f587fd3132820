import type { RemovalRule } from '../types';
import { describeElement, hasRole, wordMatcher } from '../words';

const WORDS = /* @__PURE__ */ wordMatcher(['modal', 'modals', 'dialog', 'drawer', 'popup', 'pop-up', 'lightbox', 'offcanvas', 'off-canvas']);

/** Panels that open over the page: a <dialog>, role=dialog, or an element marked modal, drawer, popup or lightbox. */
export const dialogPanel: RemovalRule = {
  cause: 'overlay-panel',
  roles: { names: 1 },
  region(region) {
    if (region.node.tag === 'dialog') return `in ${describeElement(region.node)}`;
    const role = hasRole(region, ['dialog', 'alertdialog']);
    if (role) return `in ${describeElement(region.node, role)} (role)`;
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
