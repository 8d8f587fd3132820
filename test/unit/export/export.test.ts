// @vitest-environment jsdom
// Exports go through DOMPurify, which does not work under happy-dom (see test/unit/render/article.test.ts).
import { describe, expect, it } from 'vitest';
import { exportAs, exportFileName } from '../../../src/export/index';
import type { JsonExport } from '../../../src/export/json';
import { buildExtraction, kept, removed, sampleArticle } from '../render/fixtures';

const REMOVED_TEXT = ['Home', 'World', 'Share this story', 'Subscribe to our newsletter', 'Copyright 2024'];

describe('Markdown export', () => {
  const md = exportAs(sampleArticle(), 'md', { frontMatter: false });

  it('without front matter, starts with the title as H1 and a metadata line with the source', () => {
    const lines = md.split('\n');
    expect(lines[0]).toBe('# Why the sky is blue');
    expect(lines[2]).toBe('Ada Lovelace · Example News · May 1, 2024 · 1 min read · [news.example.org](https://news.example.org/2024/05/sky/index.html)');
    // The article's own H1 repeats the title and is not repeated.
    expect(md.match(/^# /gm)).toHaveLength(1);
  });

  it('has a GFM table, a fenced code block with its language and the image with an absolute URL', () => {
    expect(md).toContain('| Colour | Wavelength |');
    expect(md).toMatch(/\| -{3,} \| -{3,} \|/);
    expect(md).toContain('| Blue | 450 nm |');
    expect(md).toContain('```python\nprint("hello")\nx = 1\n```');
    expect(md).toContain('![A blue sky](https://news.example.org/2024/05/sky/img/sky.jpg)');
    expect(md).toContain('[scattered](https://news.example.org/2024/physics/light.html)');
    expect(md).toContain('_The sky at noon._');
  });

  it('contains no removed text and no unsafe link', () => {
    for (const text of REMOVED_TEXT) expect(md).not.toContain(text);
    expect(md).not.toMatch(/javascript:/i);
    expect(md).toContain('Click me for more.');
  });

  it('writes math as $…$ / $$…$$ when the TeX annotation exists', () => {
    const tex = (t: string, display: boolean): string =>
      `<math${display ? ' display="block"' : ''}><semantics><mi>x</mi><annotation encoding="application/x-tex">${t}</annotation></semantics></math>`;
    const extraction = buildExtraction({
      html: `<p data-pith-block="0">Inline ${tex('a^2+b^2', false)} here.</p><div data-pith-block="1">${tex('\\int_0^1 x\\,dx', true)}</div>`,
      decisions: { 0: kept(), 1: kept() },
    });
    const out = exportAs(extraction, 'md');
    expect(out).toContain('Inline $a^2+b^2$ here.');
    expect(out).toContain('$$\n\\int_0^1 x\\,dx\n$$');
  });

  it('uses a fence longer than any backtick run in the code', () => {
    const extraction = buildExtraction({
      html: '<pre data-pith-block="0"><code class="lang-md">use ``` to fence</code></pre>',
      decisions: { 0: kept() },
    });
    expect(exportAs(extraction, 'md')).toContain('````md\nuse ``` to fence\n````');
  });
});

describe('text export', () => {
  it('has the kept blocks as paragraphs separated by blank lines and no removed text', () => {
    const text = exportAs(sampleArticle(), 'text');
    const paragraphs = text.split('\n\n');
    expect(paragraphs[0]).toBe('Why the sky is blue');
    expect(paragraphs[1]).toBe('Sunlight is scattered by the air.');
    expect(paragraphs[2]).toBe('Blue light is scattered more than red light.');
    expect(paragraphs).toHaveLength(7);
    for (const t of REMOVED_TEXT) expect(text).not.toContain(t);
  });
});

describe('JSON export', () => {
  it('lists every block with its decision, reason, stage and scores', () => {
    const data = JSON.parse(exportAs(sampleArticle(), 'json')) as JsonExport;
    expect(data.url).toBe('https://news.example.org/2024/05/sky/index.html');
    expect(data.mode).toBe('Layout (GCE, M3 best)');
    expect(data.metadata.title).toBe('Why the sky is blue | Example News');
    expect(data.timings.total).toBe(8);
    expect(data.runs).toEqual([{ stage: 'gce', path: 'gce:M3best', ms: 3 }]);
    expect(data.blocks.map((b) => b.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const share = data.blocks[8];
    expect(share).toMatchObject({
      kind: 'text',
      text: 'Share this story on social media',
      kept: false,
      stage: 'structure',
      reason: 'Link-dense sharing widget',
      score: 0.82,
      threshold: 0.5,
    });
    expect(data.blocks[3]).toMatchObject({ kept: true, reason: 'Inside the main content column', stage: 'gce', score: null });
    expect(data.blocks[3].evidence).toEqual({ kind: 'main-container', container: 1 });
    for (const b of data.blocks) expect(typeof b.reason).toBe('string');
  });
});

describe('HTML export', () => {
  it('is a standalone document with the sanitised kept article', () => {
    const html = exportAs(sampleArticle(), 'html');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Why the sky is blue</title>');
    expect(html).toMatch(/<style>[\s\S]*max-inline-size[\s\S]*<\/style>/);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.documentElement.getAttribute('lang')).toBe('en');
    expect(doc.documentElement.getAttribute('dir')).toBe('ltr');
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(doc.querySelector('article img')?.getAttribute('src')).toBe('https://news.example.org/2024/05/sky/img/sky.jpg');
    for (const t of REMOVED_TEXT) expect(doc.body.textContent).not.toContain(t);
    expect(html).not.toMatch(/javascript:|\son[a-z]+=/i);
  });

  it('keeps RTL and CJK language and direction', () => {
    const rtl = exportAs(
      buildExtraction({ html: '<p data-pith-block="0">مرحبا بالعالم</p>', lang: 'ar', dir: 'rtl', decisions: { 0: kept() }, metadata: { title: 'عنوان' } }),
      'html',
    );
    const rtlDoc = new DOMParser().parseFromString(rtl, 'text/html');
    expect(rtlDoc.documentElement.getAttribute('lang')).toBe('ar');
    expect(rtlDoc.documentElement.getAttribute('dir')).toBe('rtl');
    expect(rtlDoc.querySelector('article')?.getAttribute('dir')).toBe('rtl');
    expect(rtlDoc.body.textContent).toContain('مرحبا بالعالم');

    const cjk = exportAs(
      buildExtraction({ html: '<p data-pith-block="0">日本語の文章です。</p><p data-pith-block="1">広告</p>', lang: 'ja', decisions: { 0: kept(), 1: removed() } }),
      'html',
    );
    const cjkDoc = new DOMParser().parseFromString(cjk, 'text/html');
    expect(cjkDoc.documentElement.getAttribute('lang')).toBe('ja');
    expect(cjkDoc.documentElement.getAttribute('dir')).toBe('ltr');
    expect(cjkDoc.body.textContent).toContain('日本語の文章です。');
    expect(cjkDoc.body.textContent).not.toContain('広告');
  });

  it('escapes the title', () => {
    const html = exportAs(
      buildExtraction({ html: '<p data-pith-block="0">x</p>', decisions: { 0: kept() }, metadata: { title: '</title><script>alert(1)</script>' } }),
      'html',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
  });
});

describe('exportFileName', () => {
  it('makes a safe file name from the title', () => {
    expect(exportFileName('Why the sky is blue?', 'md')).toBe('why-the-sky-is-blue.md');
    expect(exportFileName('a/b\\c: "d"', 'text')).toBe('a-b-c-d.txt');
    expect(exportFileName('日本語の記事', 'json')).toBe('日本語の記事.json');
    expect(exportFileName('...', 'html')).toBe('article.html');
  });
});

describe('a block kept as its picture only', () => {
  const leadPhoto = () =>
    buildExtraction({
      html:
        '<h1 data-pith-block="0">Night ferry</h1><figure data-pith-block="1"><a href="/big/ferry.jpg"><img src="/img/ferry.jpg" alt="The ferry at the pier"></a>' +
        '<figcaption>The last crossing of the season. <span>Photo: Ines Maar</span></figcaption></figure><p data-pith-block="2">The ferry left at nine.</p>',
      decisions: { 0: kept(), 1: { ...kept('The lead picture under the article’s title', 'structure'), pictureOnly: true }, 2: kept() },
    });

  it('keeps its image (in its figure and link) without its caption in the Markdown and HTML exports', () => {
    for (const format of ['md', 'html'] as const) {
      const out = exportAs(leadPhoto(), format);
      expect(out, format).toContain('/img/ferry.jpg');
      expect(out, format).toContain('The ferry left at nine.');
      expect(out, format).not.toContain('last crossing');
      expect(out, format).not.toContain('Ines Maar');
    }
  });

  it('adds no text to the plain-text export, and says so in the JSON export', () => {
    const text = exportAs(leadPhoto(), 'text');
    expect(text).toContain('The ferry left at nine.');
    expect(text).not.toContain('last crossing');
    const data = JSON.parse(exportAs(leadPhoto(), 'json')) as JsonExport;
    expect(data.blocks[1]).toMatchObject({ kept: true, pictureOnly: true, reason: 'The lead picture under the article’s title' });
    expect(data.blocks[2]!.pictureOnly).toBeUndefined();
  });
});
