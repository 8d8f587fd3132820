/**
 * On a short post Readability can take a cookie banner, or a form to fill in, for the article (it scores their long,
 * comma-rich sentences above the post's short lines). The fallback then reads the page again without what Pith's own
 * named rules recognise, layer after layer, and says so.
 */
import { describe, expect, it } from 'vitest';
import { markedPageClone } from '../../../src/fallback/marked-clone';
import { readabilityPastBoilerplate } from '../../../src/fallback/boilerplate-article';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const BANNER =
  'Cookies und Datenschutz: Dieses Blog setzt Cookies ein, um Besuche zu zählen. Wer weiterliest, stimmt dem zu, und wer mehr darüber wissen möchte, findet die Einzelheiten, auch zum Abschalten, in unserer Cookie-Richtlinie';
// Lines under 25 characters, which Readability does not score: only the banner and the form do.
const POST = ['Der Zug kam pünktlich.', '– Wirklich?', '– Nein.'];
const COMMENT_FORM = `<div id="respond"><h3>Schreibe einen Kommentar</h3><form action="/comments" method="post">
  <p>Deine E-Mail-Adresse wird nicht veröffentlicht, und Pflichtfelder sind markiert, damit du weißt, was wir brauchen, bevor der Kommentar erscheint.</p>
  <p><label>Kommentar</label><textarea name="comment"></textarea></p>
  <p><label>Name</label><input name="author"></p><p><label>E-Mail</label><input type="email" name="email"></p>
  <p><input type="checkbox" name="notify"> Benachrichtige mich über neue Kommentare, per E-Mail, sobald jemand antwortet.</p>
  <p><input type="submit" value="Kommentar abschicken"></p></form></div>`;

function read(post: string[], banner: string, after = ''): { text: string; reread: string } {
  document.head.innerHTML = '<title>Pünktlich</title>';
  document.body.innerHTML = `<div id="content"><div class="post"><h2>Ein kurzer Dialog am Bahnsteig</h2>${post.map((p) => `<p>${p}</p>`).join('')}</div>${after}</div>
    <div id="eu-cookie-law"><form><p>${banner}</p><input type="submit" value="Schließen und akzeptieren"></form></div>`;
  const { snapshot, dom } = takeSnapshot(document);
  const verdict = readabilityPastBoilerplate(snapshot, () => markedPageClone(document, dom));
  return { text: snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n'), reread: verdict.reread ?? '' };
}

describe('Readability past named boilerplate', () => {
  it('reads the page again without a cookie banner it took for the article, and says why', () => {
    const { text, reread } = read(POST, BANNER);
    expect(text).toContain('Der Zug kam pünktlich.');
    expect(text).not.toContain('Dieses Blog setzt Cookies ein');
    expect(reread).toBe("Pith's named rules recognise 100 % of the article Readability found (cookie or consent banner); read again without it");
  });

  it('reads past the banner and then past the comment form under the post, to the post', () => {
    const { text, reread } = read(POST, BANNER, COMMENT_FORM);
    expect(text).toContain('Der Zug kam pünktlich.');
    expect(text).toContain('– Nein.');
    expect(text).not.toContain('Pflichtfelder');
    expect(text).not.toContain('Dieses Blog setzt Cookies ein');
    expect(reread).toMatch(/comment form.*; then .*|.*; then .*comment form/);
    expect(reread).toContain('cookie or consent banner');
  });

  it('keeps its first answer when that is the article', () => {
    const { text, reread } = read(POST.map((p) => `${p} Und dann, ganz ruhig, noch ein langer Satz, der weitergeht, bis er endet.`), 'Wir kaufen Kekse.');
    expect(text).toContain('Der Zug kam pünktlich.');
    expect(reread).toBe('');
  });

  it('keeps a form that is the page (a contact page with nothing else to read)', () => {
    document.head.innerHTML = '<title>Kontakt</title>';
    document.body.innerHTML = `<nav><a href="/">Start</a> <a href="/blog">Blog</a></nav>${COMMENT_FORM.replace('<div id="respond"><h3>Schreibe einen Kommentar</h3>', '<div class="kontakt"><h1>Schreib uns</h1>')}`;
    const { snapshot, dom } = takeSnapshot(document);
    const verdict = readabilityPastBoilerplate(snapshot, () => markedPageClone(document, dom));
    const text = snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n');
    expect(text).toContain('Pflichtfelder');
  });
});
