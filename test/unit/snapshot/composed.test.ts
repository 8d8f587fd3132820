/**
 * A snapshot is "composed" (read from shadow roots, slots or frames) only when it was: then Readability cannot read
 * a clone of the live page. A <slot> written in the light DOM is an ordinary element and does not make it so.
 */
import { describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

function snapshotOf(setup: (body: HTMLElement) => void) {
  document.body.innerHTML = '';
  setup(document.body);
  return takeSnapshot(document).snapshot;
}

describe('composed snapshots', () => {
  it('a light-DOM <slot> is read as an ordinary element, not as composed content', () => {
    const snapshot = snapshotOf((body) => {
      body.innerHTML = '<article><p>First paragraph of the article.</p><div><slot>Text inside a stray slot element.</slot></div></article>';
    });
    expect(snapshot.composed).toBeFalsy();
    expect(snapshot.blocks.map((b) => b.text).join('\n')).toContain('Text inside a stray slot element.');
  });

  it('a shadow root with a slot shows the slotted text where it is drawn and marks the snapshot composed', () => {
    const snapshot = snapshotOf((body) => {
      const host = document.createElement('div');
      host.innerHTML = '<span>Slotted words of the article.</span>';
      host.attachShadow({ mode: 'open' }).innerHTML = '<p>Shadow heading text. <slot></slot></p>';
      body.append(host);
    });
    expect(snapshot.composed).toBe(true);
    expect(snapshot.blocks.map((b) => b.text).join('\n')).toContain('Slotted words of the article.');
  });
});
