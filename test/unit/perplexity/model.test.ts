import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelLevel, type ModelLanguage } from '../../../src/perplexity/languages';
import { decodeModel, encodeModel, loadModel, perplexity } from '../../../src/perplexity/model';
import { tokenize } from '../../../src/perplexity/tokenize';
import { trainModel } from '../../../src/perplexity/train';
import { REPO_ROOT } from '../../helpers/models';

function fixtureSentences(lang: string): string[] {
  return readFileSync(join(REPO_ROOT, 'test/fixtures/perplexity', `${lang}.txt`), 'utf8').split('\n').filter(Boolean);
}

/** A frequency list made from the training sentences themselves (the fixture stands in for both sources). */
function frequencies(sentences: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const s of sentences) for (const t of tokenize(s)) if (/\p{L}/u.test(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function shuffled(sentence: string, level: 'word' | 'char'): string {
  // A fixed derangement (reversed, then halves swapped), so the test needs no randomness.
  const parts = level === 'char' ? [...sentence] : sentence.split(' ');
  const reversed = parts.reverse();
  const half = Math.floor(reversed.length / 2);
  const out = [...reversed.slice(half), ...reversed.slice(0, half)];
  return out.join(level === 'char' ? '' : ' ');
}

const BOILERPLATE: Record<string, { menu: string; links: string }> = {
  en: { menu: 'Home News Sport Weather Contact Login', links: 'Privacy Policy Terms of Use Cookie Settings Sitemap About Us' },
  de: { menu: 'Startseite Nachrichten Sport Wetter Kontakt Anmelden', links: 'Datenschutz Impressum AGB Cookie-Einstellungen Sitemap Über uns' },
  zh: { menu: '首页 新闻 体育 天气 联系我们 登录', links: '隐私政策 使用条款 网站地图 关于我们 帮助中心' },
  ar: { menu: 'الرئيسية أخبار رياضة طقس اتصل بنا تسجيل الدخول', links: 'سياسة الخصوصية شروط الاستخدام خريطة الموقع من نحن' },
};

describe('bigram model trained on a small fixture corpus', () => {
  for (const lang of ['en', 'de', 'zh', 'ar'] as ModelLanguage[]) {
    it(`${lang}: a held-back real sentence scores lower than a menu line, a link list and its own shuffle`, () => {
      const all = fixtureSentences(lang);
      const held = all.at(-1)!;
      const training = all.slice(0, -1);
      const level = modelLevel(lang);
      const model = loadModel(trainModel(training, frequencies(training), { lang, level }));
      const score = (text: string) => perplexity(model, text).perplexity;
      const sentence = score(held);
      expect(sentence).toBeLessThan(score(BOILERPLATE[lang]!.menu));
      expect(sentence).toBeLessThan(score(BOILERPLATE[lang]!.links));
      expect(sentence).toBeLessThan(score(shuffled(held, level)));
    });
  }

  it('gives the same file for the same input (the build is deterministic)', () => {
    const training = fixtureSentences('en');
    const a = JSON.stringify(trainModel(training, frequencies(training), { lang: 'en', level: 'word' }));
    const b = JSON.stringify(trainModel([...training], frequencies(training), { lang: 'en', level: 'word' }));
    expect(a).toBe(b);
  });

  it('refuses a file of another format with a message naming it', () => {
    const file = trainModel(['A sentence.'], [], { lang: 'en', level: 'word' });
    expect(() => loadModel({ ...file, format: 'other' as never })).toThrow(/unknown perplexity model format "other"/);
  });

  it('reads back from the shipped binary format with the probabilities it was built with', () => {
    const training = fixtureSentences('de');
    const file = trainModel(training, frequencies(training), { lang: 'de', level: 'word' });
    const model = decodeModel(encodeModel(file));
    // The first bigram row of the file, by hand: P(w | v) = (c − D) / c(v) + D · N1+(v·) / c(v) · Pu(w).
    const [v, w, c] = [file.bigrams[0]!, file.bigrams[1]!, file.bigrams[2]!];
    let total = 0;
    let followers = 0;
    let context = 0;
    for (let i = 0; i < file.bigrams.length; i += 3) {
      context += file.bigrams[i]!;
      if (context === v) {
        total += file.bigrams[i + 2]!;
        followers += 1;
      }
    }
    const pu = Math.exp(-file.unigram[w]! / 1000);
    const expected = Math.log((c - file.discount) / total + ((file.discount * followers) / total) * pu);
    expect(model.logProb(file.vocab[v]!, file.vocab[w]!)).toBeCloseTo(expected, 10);
    expect(model.has(file.vocab[w]!)).toBe(true);
    expect(model.has('qqqxzy')).toBe(false);
  });

  it('refuses bytes that are not a model file, or a damaged one, with a message saying so', () => {
    expect(() => decodeModel(new TextEncoder().encode('{"format":"pith-bigram-1"}'))).toThrow(/not a perplexity model file/);
    const bytes = encodeModel(trainModel(['Ein Satz.', 'Noch ein Satz.'], [], { lang: 'de', level: 'word' }));
    expect(() => decodeModel(bytes.subarray(0, bytes.length - 3))).toThrow(/damaged/);
  });
});
