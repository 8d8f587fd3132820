import { describe, expect, it } from 'vitest';
import { buildPageView } from '../../../src/boilerplate';
import { REMOVAL_RULES } from '../../../src/boilerplate/rules';
import { loginPromptRule } from '../../../src/boilerplate/rules/login-prompt';
import { postActionsRule } from '../../../src/boilerplate/rules/post-actions';
import { signatureRule } from '../../../src/boilerplate/rules/signature';
import type { BlockKind } from '../../../src/snapshot/types';
import { rect, SnapshotBuilder } from '../gce/builders';

/** Tags the rules read by name, and the first lines that name a section by its heading. */
const TAGS = ['div', 'nav', 'aside', 'footer', 'header', 'form', 'section', 'ul', 'li', 'span', 'article', 'main'];
const FIRST_LINES: [string, BlockKind][] = [
  ['Comments', 'heading'],
  ['Related posts', 'heading'],
  ['Table of contents', 'heading'],
  ['Share this', 'text'],
  ['Log in to reply', 'text'],
  ['Advertisement', 'text'],
  ['« Previous 1 2 3 Next »', 'text'],
  ['We use cookies', 'text'],
];

describe('rules asked only about marked elements (marksOnly)', () => {
  const rules = [...REMOVAL_RULES, loginPromptRule('thread'), postActionsRule('thread'), signatureRule('thread')].filter((r) => r.marksOnly);

  it('covers the rules that read an element by its words alone', () => {
    expect(rules.map((r) => r.cause)).toEqual(expect.arrayContaining(['advertisement', 'breadcrumb', 'cookie-consent', 'login-prompt', 'pagination', 'share-buttons']));
  });

  // The cause pass skips these rules for an element without id/class/role words, aria-label or form: were one of them
  // to match such an element, a removed block under it would get another cause than before.
  it('never match an element with no words, label or form, whatever its tag and first line', () => {
    for (const tag of TAGS) {
      for (const [text, kind] of FIRST_LINES) {
        const b = new SnapshotBuilder();
        const el = b.node(b.body, tag, rect(0, 0, 1200, 200));
        const block = b.block(el, rect(0, 0, 1200, 20), text, { kind, linkText: text.length });
        const snapshot = b.build();
        const page = buildPageView(snapshot, -1, 0);
        for (const rule of rules) {
          expect(rule.region!(page.region(el), snapshot.blocks[block], page), `${rule.cause} on <${tag}> under “${text}”`).toBeNull();
        }
      }
    }
  });
});
