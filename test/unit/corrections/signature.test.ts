/**
 * Block signatures: a saved correction must find its block again after small page changes (an added sibling,
 * attributes in another order, different whitespace, a changed count) and never land on a different block.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { blockSignature, findBlock, pageSignatures, type BlockSignature } from '../../../src/corrections/signature';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';
import type { PageSnapshot } from '../../../src/snapshot/types';

const PAGE = `
  <header class="site-header top"><nav><a href="/">Home</a> <a href="/about">About</a></nav></header>
  <main id="content" class="layout wide">
    <article class="post">
      <h1>Growing tomatoes on a balcony</h1>
      <p>Tomatoes want six hours of sun, a deep pot and water every evening in July.</p>
      <p class="note">Pinch out the side shoots so the plant puts its strength into the fruit.</p>
      <aside class="newsletter box">Sign up for our newsletter and get 12 planting guides free.</aside>
      <p>Reply</p>
    </article>
    <section class="comments"><p>Reply</p><p>Great advice, my plants loved it.</p></section>
  </main>`;

function snapshotOf(html: string): PageSnapshot {
  document.body.innerHTML = html;
  return takeSnapshot(document).snapshot;
}

function signaturesOf(snapshot: PageSnapshot): BlockSignature[] {
  const all = pageSignatures(snapshot);
  expect(all).toEqual(snapshot.blocks.map((b) => blockSignature(snapshot, b)));
  return all;
}

function blockWith(snapshot: PageSnapshot, text: string, nth = 0): number {
  const matches = snapshot.blocks.filter((b) => b.text.includes(text));
  if (!matches[nth]) throw new Error(`no block "${text}" (#${nth}) in ${snapshot.blocks.map((b) => b.text).join(' | ')}`);
  return matches[nth].id;
}

/** Saves a signature on PAGE, then looks it up on the changed page; returns the text of the block found. */
function refind(changed: string, text: string, nth = 0): string | null {
  const before = snapshotOf(PAGE);
  const saved = blockSignature(before, before.blocks[blockWith(before, text, nth)]);
  const after = snapshotOf(changed);
  const found = findBlock(saved, signaturesOf(after));
  return found < 0 ? null : after.blocks[found].text;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('block signature', () => {
  it('is the same on the same page', () => {
    const a = signaturesOf(snapshotOf(PAGE));
    const b = signaturesOf(snapshotOf(PAGE));
    expect(b).toEqual(a);
  });

  it('survives siblings added before the block', () => {
    const changed = PAGE.replace('<h1>', '<p>Updated: now with a video.</p><figure class="promo"><p>Advert</p></figure><h1>');
    expect(refind(changed, 'Pinch out')).toContain('Pinch out the side shoots');
    expect(refind(changed, 'Sign up')).toContain('Sign up for our newsletter');
  });

  it('ignores the order of classes and attributes', () => {
    const changed = PAGE.replace('class="newsletter box"', 'data-x="1" class="box newsletter"').replace('id="content" class="layout wide"', 'class="wide layout" id="content"');
    const before = snapshotOf(PAGE);
    const after = snapshotOf(changed);
    const id = blockWith(before, 'Sign up');
    expect(blockSignature(after, after.blocks[blockWith(after, 'Sign up')]).path).toBe(blockSignature(before, before.blocks[id]).path);
  });

  it('ignores whitespace and case in the text', () => {
    const changed = PAGE.replace('Sign up for our newsletter and get 12 planting guides free.', '\n   Sign up for  our Newsletter\n and get 12 planting   guides free. ');
    expect(refind(changed, 'Sign up')).toMatch(/^Sign up for our Newsletter and get 12/);
  });

  it('tells apart lines that differ only in their numbers (dates in a list)', () => {
    const list = '<ul class="posts"><li>Menu for December 2</li><li>Menu for December 9</li><li>Menu for December 16</li></ul>';
    const changed = '<ul class="posts"><li>Menu for December 9</li><li>Menu for December 16</li><li>Menu for December 23</li></ul>';
    const before = snapshotOf(list);
    const saved = blockSignature(before, before.blocks[blockWith(before, 'December 2')]);
    expect(findBlock(saved, signaturesOf(snapshotOf(changed)))).toBe(-1);
  });

  it('keeps the n-th of repeated lines when other blocks are added before it', () => {
    const changed = PAGE.replace('<section class="comments">', '<section class="comments"><p>A new first comment.</p>');
    const before = snapshotOf(PAGE);
    const second = blockWith(before, 'Reply', 1);
    const saved = blockSignature(before, before.blocks[second]);
    const after = snapshotOf(changed);
    expect(findBlock(saved, signaturesOf(after))).toBe(blockWith(after, 'Reply', 1));
  });

  it('leaves generated class names out of the path', () => {
    const changed = PAGE.replace('class="post"', 'class="post css-1x9k2q sc-a8f3e21"');
    const after = snapshotOf(changed);
    const before = snapshotOf(PAGE);
    expect(blockSignature(after, after.blocks[blockWith(after, 'Pinch out')]).path).toBe(blockSignature(before, before.blocks[blockWith(before, 'Pinch out')]).path);
  });

  it('is distinct for distinct blocks, including the same words in another place', () => {
    const snapshot = snapshotOf(PAGE);
    const sigs = signaturesOf(snapshot).map((s) => JSON.stringify(s));
    expect(new Set(sigs).size).toBe(sigs.length);
    // "Reply" in the article and "Reply" in the comments: each finds itself, not the other.
    expect(findBlock(signaturesOf(snapshot)[blockWith(snapshot, 'Reply', 0)], signaturesOf(snapshot))).toBe(blockWith(snapshot, 'Reply', 0));
    expect(findBlock(signaturesOf(snapshot)[blockWith(snapshot, 'Reply', 1)], signaturesOf(snapshot))).toBe(blockWith(snapshot, 'Reply', 1));
  });

  it('finds nothing when the block is gone, rather than a look-alike', () => {
    const changed = PAGE.replace(/<aside class="newsletter box">.*?<\/aside>/, '');
    expect(refind(changed, 'Sign up')).toBeNull();
  });
});
