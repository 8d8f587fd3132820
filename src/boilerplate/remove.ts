/**
 * Pith's own removals: the named rules whose block evidence is reliable on its own (a cookie notice, "Log in to
 * reply", an "Advertisement" label, "Edit this page", a row of share buttons, "« Previous 1 2 Next »", "Reply ·
 * Report") remove a block that the earlier stages kept. Their cause is the true cause by construction.
 */
import { decide, logRun } from '../decisions/record';
import type { DecisionRecord } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';
import { buildPageView } from './page-view';
import { advertisement } from './rules/advertisement';
import { cookieNotice } from './rules/cookie-consent';
import { editLink } from './rules/edit-link';
import { keyboardHelp } from './rules/keyboard-help';
import { loginPrompt } from './rules/login-prompt';
import { pagination } from './rules/pagination';
import { postActions } from './rules/post-actions';
import { shareButtons } from './rules/share-buttons';
import type { RemovalRule } from './types';
import { causeReason } from './words';

export const DECIDING_RULES: readonly RemovalRule[] = [cookieNotice, loginPrompt, advertisement, editLink, shareButtons, pagination, postActions, keyboardHelp];

/** Removes kept blocks that a reliable named rule recognises; logs one run ("removal-rules"). */
export function applyRemovalRules(snapshot: PageSnapshot, record: DecisionRecord): void {
  const started = performance.now();
  const page = buildPageView(snapshot, -1, 0);
  let removed = 0;
  for (const block of snapshot.blocks) {
    if (!record.decisions[block.id]?.kept) continue;
    for (const rule of DECIDING_RULES) {
      if (block.kind === 'heading' && !rule.decidesHeadings) continue;
      const evidence = rule.block?.(block, page);
      if (!evidence) continue;
      decide(record, {
        block: block.id,
        kept: false,
        stage: 'structure',
        cause: rule.cause,
        reason: causeReason(rule.cause, evidence, `Pith's ${rule.cause} rule`),
        evidence: { kind: 'named-rule', rule: rule.cause },
      });
      removed++;
      break;
    }
  }
  logRun(record, { stage: 'structure', path: 'removal-rules', ms: performance.now() - started, note: `${removed} blocks removed by named rules` });
}
