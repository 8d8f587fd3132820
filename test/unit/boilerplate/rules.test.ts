import { describe, expect, it } from 'vitest';
import { buildPageView, classifyBlock } from '../../../src/boilerplate';
import type { RemovalCause } from '../../../src/decisions/causes';
import type { BlockKind, PageMetadata, SnapshotNode } from '../../../src/snapshot/types';
import { pagination } from '../../../src/boilerplate/rules/pagination';
import { rect, SnapshotBuilder } from '../gce/builders';

interface Piece {
  /** Elements from the outside in: [tag, hint] pairs (plus a label or form kind). */
  path: { tag: string; hint?: string; label?: string; form?: SnapshotNode['form'] }[];
  text: string;
  kind?: BlockKind;
  linkText?: number;
  /** Where the piece sits in document order: before the article (default) or after it. */
  after?: boolean;
  /** The page's metadata (title, byline, date): what the reader's header already shows. */
  metadata?: Partial<PageMetadata>;
}

/** A page with an <article> container of 10 paragraphs and the piece outside it; returns the piece's cause. */
function causeOf(piece: Piece): RemovalCause | null {
  const b = new SnapshotBuilder();
  const wrapper = b.node(b.body, 'div', rect(0, 0, 1200, 3000), { hint: 'page' });
  const place = (): number => {
    let parent = wrapper;
    for (const el of piece.path) parent = b.node(parent, el.tag, rect(0, 0, 300, 40), { hint: el.hint ?? '', label: el.label, form: el.form });
    return b.block(parent, rect(0, 0, 300, 20), piece.text, { kind: piece.kind, linkText: piece.linkText ?? 0 });
  };
  let id = piece.after ? -1 : place();
  const article = b.node(wrapper, 'article', rect(0, 100, 700, 2000));
  for (let i = 0; i < 10; i++) b.paragraph(article, rect(0, 100 + i * 100, 700, 80), `Paragraph ${i} of the article body, long enough to read.`);
  if (piece.after) id = place();
  const snapshot = b.build();
  Object.assign(snapshot.metadata, piece.metadata ?? {});
  return classifyBlock(snapshot.blocks[id]!, buildPageView(snapshot, article, 10))?.cause ?? null;
}

const links = (text: string) => ({ text, linkText: text.length });

describe('named removal rules', () => {
  it('nav-menu: a <nav>, role=navigation, or an element marked menu that is mostly links', () => {
    expect(causeOf({ path: [{ tag: 'nav' }], ...links('Home News Sport') })).toBe('nav-menu');
    expect(causeOf({ path: [{ tag: 'div', hint: 'navigation' }], ...links('Home News Sport') })).toBe('nav-menu');
    expect(causeOf({ path: [{ tag: 'ul', hint: 'main-menu' }], ...links('Home News Sport') })).toBe('nav-menu');
    // A restaurant's "menu" of dishes is not navigation.
    expect(causeOf({ path: [{ tag: 'div', hint: 'menu' }], text: 'Soup of the day with bread, 6 euros' })).toBeNull();
  });

  it('site-header / site-footer / sidebar: landmarks and layout words outside the article', () => {
    expect(causeOf({ path: [{ tag: 'header' }], text: 'The Daily Example' })).toBe('site-header');
    expect(causeOf({ path: [{ tag: 'div', hint: 'banner' }], text: 'The Daily Example' })).toBe('site-header');
    expect(causeOf({ path: [{ tag: 'footer' }], text: '© 2026 Example Ltd', after: true })).toBe('site-footer');
    expect(causeOf({ path: [{ tag: 'div', hint: 'colophon' }], text: '© 2026 Example Ltd', after: true })).toBe('site-footer');
    expect(causeOf({ path: [{ tag: 'aside' }], text: 'About the author of this blog' })).toBe('sidebar');
    expect(causeOf({ path: [{ tag: 'div', hint: 'secondary widget-area' }], text: 'Archives' })).toBe('sidebar');
    // A <header> inside another <article> heads that article, and a "chat-widget" is no sidebar.
    expect(causeOf({ path: [{ tag: 'article' }, { tag: 'header' }], text: 'Another story' })).toBeNull();
    expect(causeOf({ path: [{ tag: 'div', hint: 'chat-widget' }], text: 'Talk to us' })).toBeNull();
  });

  it('comment-section: marked comments, or opened by a "12 Comments" heading', () => {
    expect(causeOf({ path: [{ tag: 'section', hint: 'comments' }, { tag: 'div', hint: 'comment-body' }], text: 'Great post!' })).toBe('comment-section');
    expect(causeOf({ path: [{ tag: 'div', hint: 'disqus_thread' }], text: 'Great post!' })).toBe('comment-section');
    expect(causeOf({ path: [{ tag: 'div' }], text: '12 Comments', kind: 'heading' })).toBe('comment-section');
  });

  it('comment-section: the comments heading in other languages, not an opinion column or a heading that goes on', () => {
    for (const heading of ['Komentarze (813)', 'Kommentare', 'Комментарии:', '27 commentaires', 'Σχόλια', '网友评论', 'Deixe um comentário']) {
      expect(causeOf({ path: [{ tag: 'div' }], text: heading, kind: 'heading' }), heading).toBe('comment-section');
    }
    expect(causeOf({ path: [{ tag: 'div', hint: 'komentarze' }, { tag: 'div', hint: 'wpis' }], text: 'Zgadzam się z autorem.' })).toBe('comment-section');
    expect(causeOf({ path: [{ tag: 'section', hint: 'commentaires-liste' }], text: 'Merci pour cet article.' })).toBe('comment-section');
    for (const heading of ['Komentarz', 'Kommentar', 'Комментарии недели', 'Komentarze ekspertów']) {
      expect(causeOf({ path: [{ tag: 'div' }], text: heading, kind: 'heading' }), heading).toBeNull();
    }
  });

  it('related-content: the same headings and "Also read:" lines in other languages, not a heading that goes on', () => {
    for (const heading of ['Czytaj także', 'Читайте также:', 'Mehr zum Thema', 'Διαβάστε επίσης', '相关新闻', 'Lo más leído', 'İlgili haberler']) {
      expect(causeOf({ path: [{ tag: 'div' }], text: heading, kind: 'heading' }), heading).toBe('related-content');
    }
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Czytaj także: Nowe stawki podatku od stycznia', linkText: 30 })).toBe('related-content');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'Mehr zum Thema Hochwasser an der Oder', kind: 'heading' })).toBeNull();
  });

  it('related-content: marked related/recommended, a "You may also like" heading, an "Also read:" link', () => {
    expect(causeOf({ path: [{ tag: 'div', hint: 'jp-relatedposts' }], ...links('How to grow basil') })).toBe('related-content');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'You may also like', kind: 'heading' })).toBe('related-content');
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Also read: Ten ways to grow basil', linkText: 25 })).toBe('related-content');
  });

  it('login-prompt: a form with a password field, "Log in to reply"', () => {
    expect(causeOf({ path: [{ tag: 'form', form: 'login' }], text: 'Members, enter your details' })).toBe('login-prompt');
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Log in to reply' })).toBe('login-prompt');
    expect(causeOf({ path: [{ tag: 'form', form: 'search' }], text: 'Search the site' })).toBeNull();
  });

  it('newsletter-signup: a sign-up form (an email field, no message box), an element marked newsletter', () => {
    expect(causeOf({ path: [{ tag: 'form', form: 'subscribe' }], text: 'Never miss a story' })).toBe('newsletter-signup');
    expect(causeOf({ path: [{ tag: 'div', hint: 'newsletter-box' }], text: 'The week in science, every Friday' })).toBe('newsletter-signup');
    expect(causeOf({ path: [{ tag: 'form', form: 'other' }], text: 'Tell us what happened' })).toBeNull();
  });

  it('login-prompt and advertisement labels in the other languages Pith reads, as whole lines only', () => {
    for (const text of ['Anmelden', 'Passwort vergessen?', 'Se connecter', 'Iniciar sesión', 'Esqueceu a senha?', 'Accedi', 'Забыли пароль?', '登录', 'ログイン', '회원가입', 'تسجيل الدخول', 'Lupa kata sandi']) {
      expect(causeOf({ path: [{ tag: 'p' }], text })).toBe('login-prompt');
    }
    for (const text of ['Anzeige', 'Publicidade', '광고', 'إعلان', 'Iklan']) expect(causeOf({ path: [{ tag: 'p' }], text })).toBe('advertisement');
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Bitte melden Sie sich bei der Gemeinde an, wenn Sie umziehen.' })).toBeNull();
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Iklan rokok dilarang di televisi sejak 2012.' })).toBeNull();
  });

  it('advertisement: an "Advertisement" label, an element marked ad, a linked image of an ad size', () => {
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Advertisement' })).toBe('advertisement');
    expect(causeOf({ path: [{ tag: 'div', hint: 'ad-slot' }], text: 'Buy now' })).toBe('advertisement');
    expect(causeOf({ path: [{ tag: 'div', hint: 'adsbygoogle' }], text: 'Buy now' })).toBe('advertisement');
    // "header" and "shadow" contain "ad" but are no ads.
    expect(causeOf({ path: [{ tag: 'div', hint: 'shadow-box' }], text: 'Buy now' })).toBeNull();
  });

  it('share-buttons, breadcrumb, pagination, table-of-contents', () => {
    expect(causeOf({ path: [{ tag: 'div' }], ...links('Share Facebook Twitter Email') })).toBe('share-buttons');
    expect(causeOf({ path: [{ tag: 'div', hint: 'sharedaddy' }], ...links('Post') })).toBe('share-buttons');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'Home › News › Tomatoes', linkText: 10 })).toBe('breadcrumb');
    expect(causeOf({ path: [{ tag: 'nav', label: 'breadcrumb' }], ...links('News') })).toBe('breadcrumb');
    expect(causeOf({ path: [{ tag: 'div' }], ...links('« Previous 1 2 3 Next »') })).toBe('pagination');
    expect(causeOf({ path: [{ tag: 'div', hint: 'pagination' }], ...links('Older posts') })).toBe('pagination');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'Table of contents', kind: 'heading' })).toBe('table-of-contents');
    expect(causeOf({ path: [{ tag: 'div', hint: 'ez-toc-container' }], ...links('Soil') })).toBe('table-of-contents');
  });

  it('post-actions, signature, filter-bar, edit-link', () => {
    expect(causeOf({ path: [{ tag: 'div' }], ...links('Reply · Report · Quote') })).toBe('post-actions');
    expect(causeOf({ path: [{ tag: 'div', hint: 'vote-buttons' }], text: '12' })).toBe('post-actions');
    expect(causeOf({ path: [{ tag: 'div', hint: 'signature' }], text: 'Tom, allotment 14' })).toBe('signature');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'Sort by: Newest first' })).toBe('filter-bar');
    expect(causeOf({ path: [{ tag: 'div', hint: 'facets' }], text: 'Colour' })).toBe('filter-bar');
    expect(causeOf({ path: [{ tag: 'p' }], ...links('Edit this page on GitHub') })).toBe('edit-link');
  });

  it('cookie-consent: "We use cookies…" or an element marked cookie/consent', () => {
    expect(causeOf({ path: [{ tag: 'div' }], text: 'We use cookies to improve your experience. Accept all' })).toBe('cookie-consent');
    expect(causeOf({ path: [{ tag: 'div', hint: 'onetrust-banner-sdk' }], text: 'Your choices' })).toBe('cookie-consent');
    expect(causeOf({ path: [{ tag: 'p' }], text: 'Bake the cookies for twelve minutes until golden.' })).toBeNull();
  });

  it('duplicate-meta and duplicate-title: lines the reader header already shows', () => {
    const metadata = { byline: 'Ana Ruiz', publishedTime: '2026-03-14T09:00:00Z', title: 'Growing tomatoes – Weekly' };
    expect(causeOf({ path: [{ tag: 'p', hint: 'byline' }], text: 'By Ana Ruiz', metadata })).toBe('duplicate-meta');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'March 14, 2026', metadata })).toBe('duplicate-meta');
    // Another day, or no byline in the header: not a repeat.
    expect(causeOf({ path: [{ tag: 'div' }], text: 'March 15, 2026', metadata })).toBeNull();
    expect(causeOf({ path: [{ tag: 'p', hint: 'byline' }], text: 'By Ana Ruiz' })).toBeNull();
    // A comment's date inside a comment section belongs to the comments.
    expect(causeOf({ path: [{ tag: 'div', hint: 'comments' }, { tag: 'span', hint: 'comment-meta' }], text: 'March 14, 2026', metadata })).toBe('comment-section');
    expect(causeOf({ path: [{ tag: 'div' }], text: 'Growing tomatoes', kind: 'heading', metadata })).toBe('duplicate-title');
  });

  it('the nearest element decides: a login form inside a sidebar is a login prompt', () => {
    expect(causeOf({ path: [{ tag: 'aside' }, { tag: 'form', form: 'login' }], text: 'Welcome back' })).toBe('login-prompt');
    expect(causeOf({ path: [{ tag: 'footer' }, { tag: 'div', hint: 'social-links' }], ...links('Instagram'), after: true })).toBe('share-buttons');
  });

  it('pagination: a short linked line that opens with a long run of digits is answered at once', () => {
    // A page-number pattern that splits a run of digits in every way took seconds on a 30-digit run (an order or
    // tracking number): a page number is now a whole run of at most four digits.
    const b = new SnapshotBuilder();
    const text = `${'7'.repeat(34)} ref`;
    const id = b.block(b.node(b.body, 'div', rect(0, 0, 300, 40)), rect(0, 0, 300, 20), text, { linkText: text.length });
    const snapshot = b.build();
    const started = performance.now();
    expect(pagination.block!(snapshot.blocks[id]!, buildPageView(snapshot, -1, 0))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(causeOf({ path: [{ tag: 'div' }], ...links('« 1 2 3 … 12 »') })).toBe('pagination');
    expect(causeOf({ path: [{ tag: 'div' }], ...links('Order 123456789') })).not.toBe('pagination');
  });
});
