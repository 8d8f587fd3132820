/**
 * On a short post Readability can take a cookie banner for the article (it scores the banner's long, comma-rich
 * sentences above the post's short lines). The fallback then reads the page again without what Pith's own named rules
 * recognise, and says so.
 */
import { describe, expect, it } from 'vitest';
import { markedPageClone } from '../../../src/fallback/marked-clone';
import { readabilityPastBoilerplate } from '../../../src/fallback/boilerplate-article';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

const BANNER =
  'Datenschutz & Cookies: Diese Website verwendet Cookies. Wenn du die Website weiterhin nutzt, stimmst du der Verwendung von Cookies zu. Weitere Informationen, beispielsweise zur Kontrolle von Cookies, findest du hier: Cookie-Richtlinie';
// Lines under 25 characters, which Readability does not score: only the banner does.
const POST = ['Ich weiß, ich bin müde.', '– Dann sag es nicht.', '– Ok.'];

function keptText(post: string[], banner: string): string {
  document.head.innerHTML = '<title>Die Möglichkeit</title>';
  document.body.innerHTML = `<div id="content"><div class="post"><h2>Die Möglichkeit nichts zu tun</h2>${post.map((p) => `<p>${p}</p>`).join('')}</div></div>
    <div id="eu-cookie-law"><form><p>${banner}</p><input type="submit" value="Schließen und akzeptieren"></form></div>`;
  const { snapshot, dom } = takeSnapshot(document);
  const verdict = readabilityPastBoilerplate(snapshot, () => markedPageClone(document, dom));
  return [snapshot.blocks.filter((b) => verdict.kept?.has(b.id)).map((b) => b.text).join('\n'), verdict.reread ?? ''].join('\n--\n');
}

describe('Readability past named boilerplate', () => {
  it('reads the page again without a cookie banner it took for the article, and says why', () => {
    const [text, reread] = keptText(POST, BANNER).split('\n--\n');
    expect(text).toContain('Ich weiß, ich bin müde.');
    expect(text).not.toContain('Diese Website verwendet Cookies');
    expect(reread).toBe("Pith's named rules recognise 100 % of the article Readability found (cookie or consent banner); read again without it");
  });

  it('keeps its first answer when that is the article', () => {
    const [text, reread] = keptText(POST.map((p) => `${p} Und dann, ganz ruhig, noch ein langer Satz, der weitergeht, bis er endet.`), 'Wir kaufen Kekse.').split('\n--\n');
    expect(text).toContain('Ich weiß, ich bin müde.');
    expect(reread).toBe('');
  });
});
