/** What the snapshot records of a form: the rules tell a login box and a newsletter sign-up from a contact form by it. */
import { describe, expect, it } from 'vitest';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

function formKinds(html: string): (string | undefined)[] {
  document.body.innerHTML = html;
  const { snapshot } = takeSnapshot(document);
  return snapshot.nodes.filter((n) => n.tag === 'form').map((n) => n.form);
}

describe('form kinds', () => {
  it('a password field makes a login form, an email field a sign-up, a message box a contact form', () => {
    const kinds = formKinds(`
      <form><p>Members</p><input type="email" name="user"><input type="password" name="pw"></form>
      <form><p>Search the archive</p><input type="search" name="q"></form>
      <form><p>The week in science, every Friday</p><input type="email" name="EMAIL"><button>Subscribe</button></form>
      <form><p>Offers first</p><input type="text" name="newsletter_email"><button>Join</button></form>
      <form><p>Write to us</p><input type="email" name="from"><textarea name="message"></textarea></form>`);
    expect(kinds).toEqual(['login', 'search', 'subscribe', 'subscribe', 'other']);
  });
});
