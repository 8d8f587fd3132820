import { describe, expect, it } from 'vitest';
import { applyRemovalRules } from '../../../src/boilerplate';
import { decide, emptyRecord } from '../../../src/decisions/record';
import { rect, SnapshotBuilder } from '../gce/builders';

/** A snapshot of one article holding `texts` as paragraphs, every one kept by GCE; `links[i]` marks paragraph i as a link. */
function keptArticle(texts: string[], links: boolean[] = []) {
  const b = new SnapshotBuilder();
  const article = b.node(b.body, 'article', rect(0, 0, 700, 1000));
  const ids = texts.map((t, i) => b.paragraph(article, rect(0, i * 60, 700, 50), t, { linkText: links[i] ? t.length : 0 }));
  const snapshot = b.build();
  const record = emptyRecord();
  for (const id of ids) decide(record, { block: id, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: article } });
  return { snapshot, record, ids };
}

describe('applyRemovalRules', () => {
  it('removes kept blocks a reliable rule recognises, naming the rule; leaves prose about the same words', () => {
    const texts = [
      'Third-party cookies are a privacy concern, and browsers now let you change their settings.',
      'We use cookies to remember your settings. Accept all',
      'Log in to reply',
      'Advertisement',
      'Reply · Report',
      'Edit this page',
      'Comments',
    ];
    const { snapshot, record, ids } = keptArticle(texts, texts.map((_, i) => i === 5));
    expect(applyRemovalRules(snapshot, record)).toBe(5);
    const d = record.decisions;
    expect(d[ids[0]!]!.kept).toBe(true);
    expect(d[ids[1]!]).toMatchObject({ kept: false, cause: 'cookie-consent', stage: 'structure', evidence: { kind: 'named-rule', rule: 'cookie-consent' } });
    expect(d[ids[2]!]).toMatchObject({ kept: false, cause: 'login-prompt' });
    expect(d[ids[2]!]!.reason).toBe('Login or sign-up prompt (text “Log in to reply”) — Pith\'s login-prompt rule');
    expect(d[ids[3]!]).toMatchObject({ kept: false, cause: 'advertisement' });
    expect(d[ids[4]!]).toMatchObject({ kept: false, cause: 'post-actions' });
    expect(d[ids[5]!]).toMatchObject({ kept: false, cause: 'edit-link' });
    expect(d[ids[6]!]!.kept).toBe(true);
  });

  it('knows a cookie notice in the other languages Pith reads, and leaves prose about cookies alone', () => {
    const notices = [
      'Datenschutz & Cookies: Diese Website verwendet Cookies. Wenn du die Website weiterhin nutzt, stimmst du der Verwendung von Cookies zu.',
      'Ce site utilise des cookies pour améliorer votre expérience.',
      'Este sitio web utiliza cookies para mejorar su experiencia.',
      'Questo sito utilizza cookie tecnici e di terze parti.',
      'Этот сайт использует файлы cookie.',
      '当サイトではCookieを使用しています。',
      '이 웹사이트는 쿠키를 사용합니다.',
      'Situs ini menggunakan cookie untuk pengalaman terbaik.',
    ];
    const prose = ['Die Cookies zwölf Minuten backen, bis sie golden sind.', 'Les cookies tiers posent un problème de vie privée, selon la CNIL.'];
    const { snapshot, record, ids } = keptArticle([...notices, ...prose]);
    applyRemovalRules(snapshot, record);
    expect(ids.slice(0, notices.length).map((id) => record.decisions[id]!.cause)).toEqual(notices.map(() => 'cookie-consent'));
    expect(ids.slice(notices.length).map((id) => record.decisions[id]!.kept)).toEqual([true, true]);
  });

  it('removes a newsletter sign-up in the languages Pith reads and the lines of its form, and leaves prose about newsletters alone', () => {
    const signUps = [
      'Sign up for our newsletter and get the week in science every Friday.',
      'Subscribe to our newsletter',
      'Abonnieren Sie unseren Newsletter',
      'Inscrivez-vous à notre newsletter',
      'Suscríbete a nuestro boletín',
      'Подпишитесь на нашу рассылку',
      '뉴스레터 구독하기',
    ];
    const prose = [
      'The State of AI newsletter is written by one analyst and read by thousands of subscribers every month.',
      'She joined the paper in 2019 and soon started its first newsletter.',
      'Email',
    ];
    const { snapshot, record, ids } = keptArticle([...signUps, ...prose]);
    applyRemovalRules(snapshot, record);
    expect(ids.slice(0, signUps.length).map((id) => record.decisions[id]!.cause)).toEqual(signUps.map(() => 'newsletter-signup'));
    expect(record.decisions[ids[0]!]!.reason).toBe('Newsletter sign-up (text “Sign up for our newsletter and get the…”) — Pith\'s newsletter-signup rule');
    expect(ids.slice(signUps.length).map((id) => record.decisions[id]!.kept)).toEqual([true, true, true]);
  });

  it('removes the lines of a sign-up form (an email field, no message box): its label and its promise', () => {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'article', rect(0, 0, 700, 1000));
    const story = b.paragraph(article, rect(0, 0, 700, 50), 'The river rose a foot overnight, and the meadows are under water.');
    const form = b.node(article, 'form', rect(0, 60, 700, 200), { form: 'subscribe' });
    const label = b.block(form, rect(0, 60, 700, 20), 'Email address');
    const promise = b.block(form, rect(0, 90, 700, 20), 'Straight to your inbox every morning. You can unsubscribe at any time.');
    const other = b.node(article, 'form', rect(0, 300, 700, 200), { form: 'other' });
    const contact = b.block(other, rect(0, 300, 700, 20), 'Email address');
    const snapshot = b.build();
    const record = emptyRecord();
    for (const id of [story, label, promise, contact]) decide(record, { block: id, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: article } });
    applyRemovalRules(snapshot, record);
    expect([story, label, promise, contact].map((id) => record.decisions[id]!.cause ?? 'kept')).toEqual(['kept', 'newsletter-signup', 'newsletter-signup', 'kept']);
  });

  it('removes the skip links a page starts with, in the languages Pith reads, as part of its navigation', () => {
    const skips = ['Skip to main content', 'Skip to Shop REI categories', 'Zum Inhalt springen', 'Aller au contenu principal', 'Saltar al contenido', '本文へスキップ', '본문 바로가기'];
    const prose = ['Skip to the last chapter if you are in a hurry: the river rose a foot overnight.', 'Jump to conclusions at your peril.'];
    const { snapshot, record, ids } = keptArticle([...skips, ...prose]);
    applyRemovalRules(snapshot, record);
    expect(ids.slice(0, skips.length).map((id) => record.decisions[id]!.cause)).toEqual(skips.map(() => 'nav-menu'));
    expect(record.decisions[ids[0]!]!.reason).toBe('Navigation menu (skip link “Skip to main content”) — Pith\'s nav-menu rule');
    expect(ids.slice(skips.length).map((id) => record.decisions[id]!.kept)).toEqual([true, true]);
  });

  it("removes the links and labels of the site's <nav> that a stage kept, not a <nav> inside the article or a long text a page wraps in <nav>", () => {
    const b = new SnapshotBuilder();
    const keptAll: number[] = [];
    const texts = new Map<number, string>();
    const add = (parent: number, y: number, text: string, link = false) => {
      const id = b.paragraph(parent, rect(0, y, 700, 20), text, { linkText: link ? text.length : 0 });
      texts.set(id, text);
      keptAll.push(id);
      return id;
    };
    const header = b.node(b.body, 'header', rect(0, 0, 1200, 100));
    const menu = b.node(header, 'nav', rect(0, 0, 1200, 100));
    const label = add(menu, 0, 'Resources');
    const links = ['Salary explorer', 'Job description templates', 'Interview questions', 'Employer blog'].map((t, i) => add(menu, 20 + i * 20, t, true));
    const main = b.node(b.body, 'main', rect(0, 120, 700, 600));
    const prose = add(main, 120, 'Discover remote software jobs with companies that hire across time zones, and apply in minutes.');
    const toc = b.node(main, 'nav', rect(0, 200, 700, 60));
    const inArticle = add(toc, 200, 'How we pick the jobs', true);
    const chapters = b.node(b.body, 'nav', rect(0, 800, 700, 200));
    const story = 'A whole story told inside a navigation element, as some page builders do: it runs on for several sentences, with names, places and dates, and no link anywhere in it, so it is text and not a menu. '.repeat(2);
    const first = add(chapters, 800, 'Chapter one', true);
    const long = add(chapters, 820, story);
    for (let i = 0; i < 20; i++) add(chapters, 900 + i * 5, `Chapter ${i + 2}, a longer link title of its own`, true);
    const snapshot = b.build();
    const record = emptyRecord();
    for (const id of keptAll) decide(record, { block: id, kept: true, stage: 'readability', reason: 'Kept', evidence: { kind: 'structural-extractor', extractor: 'readability', kept: true } });
    applyRemovalRules(snapshot, record);
    for (const id of [label, ...links, first]) expect(record.decisions[id]).toMatchObject({ kept: false, cause: 'nav-menu' });
    expect(record.decisions[links[0]!]!.reason).toBe("Navigation menu (in <nav>, 89% links, outside the article) — Pith's nav-menu rule");
    for (const id of [prose, inArticle, long]) expect(record.decisions[id]!.kept).toBe(true);
  });
});
