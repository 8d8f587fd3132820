import type { RemovalCause } from '../decisions/causes';
import type { Decision } from '../decisions/types';

/**
 * Causes a named rule gives only when it is certain: a hidden or empty element, a cookie or consent banner, an
 * overlay or panel over the page, a login form, a keyboard-help dialog. These keep their say over the block model.
 */
export const CERTAIN_CAUSES: ReadonlySet<RemovalCause> = new Set<RemovalCause>(['hidden', 'empty', 'cookie-consent', 'fixed-overlay', 'overlay-panel', 'login-prompt', 'keyboard-help']);

/** The decision (or one it replaced) that removed the block for a certain cause, if any. */
export function certainRemoval(decision: Decision | undefined): Decision | undefined {
  for (let d = decision; d; d = d.supersedes) if (!d.kept && d.cause && CERTAIN_CAUSES.has(d.cause)) return d;
  return undefined;
}

export function isCertainRemoval(decision: Decision | undefined): boolean {
  return certainRemoval(decision) !== undefined;
}
