// @vitest-environment jsdom
// Footnotes as people write them without a generator: each convention, written here in its own shape, must come out
// as [^n] references with the right note text attached. Exports go through DOMPurify (jsdom).
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export/index';
import { buildExtraction, kept } from '../render/fixtures';

const URL = 'https://notes.example.org/2025/tides.html';

function md(html: string): string {
  let id = 0;
  const numbered = html.replace(/<(p|pre|li|h2|h3|h5|ul|aside|span class="side"|div(?= class="footnote-footer))\b/g, (m) => `${m} data-pith-block="${id++}"`);
  const decisions = Object.fromEntries(Array.from({ length: id }, (_, i) => [i, kept()]));
  return exportAs(buildExtraction({ html: numbered, url: URL, decisions, metadata: { title: 'Tides' } }), 'md', { frontMatter: false });
}

/** Each reference [^n] sits right after `after[n-1]`, and its definition holds `notes[n-1]`. */
function expectNotes(out: string, after: string[], notes: string[]): void {
  expect(out.match(/^\[\^\d+\]: /gm)?.length ?? 0, out).toBe(notes.length);
  notes.forEach((note, i) => {
    expect(out, out).toContain(`${after[i]}[^${i + 1}]`);
    expect(out).toMatch(new RegExp(`^\\[\\^${i + 1}\\]: ${note.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
  });
}

const AFTER = ['The gauge was read twice a day.', 'The float sticks in winter.'];
const NOTES = ['At six in the morning and at six in the evening.', 'Ice forms in the stilling well below minus five degrees.'];

describe('hand-written footnotes', () => {
  it('a plain-text document in pages: its contents link page numbers to each page, which stays in place, no note', () => {
    const page = (n: number, text: string) => `<pre class="newpage"><a name="page-${n}" id="page-${n}" href="#page-${n}" class="invisible"> </a>
<span class="grey">Tide Notes                  Station Log                  May 2025</span>

   ${text}

Marlow                                                    [Page ${n}]
</pre>`;
    const out = md(`<pre>Table of Contents

   1. Gauges ..........................................<a href="#page-2">2</a>
   2. Readings ........................................<a href="#page-3">3</a></pre>
${page(2, 'The float gauge is read at six in the morning and at six in the evening.')}
${page(3, 'Readings are copied into the station book before breakfast.')}
<p>Written by the harbour office.</p>`);
    expect(out).not.toMatch(/\[\^\d+\]/);
    expect(out.indexOf('read at six in the morning')).toBeLessThan(out.indexOf('copied into the station book'));
    expect(out.indexOf('copied into the station book')).toBeLessThan(out.indexOf('Written by the harbour office'));
  });

  it('notes after a rule, numbered with <sup>', () => {
    const out = md(`<p>${AFTER[0]}<sup>1</sup></p><p>${AFTER[1]}<sup>2</sup></p><p>The rest of the story.</p><hr>
      <p><sup>1</sup> ${NOTES[0]}</p><p><sup>2</sup> ${NOTES[1]}</p>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('notes after a rule, numbered in bold, one of them running over a list and a paragraph', () => {
    const out = md(`<p>${AFTER[0]}<sup>1</sup></p><p>${AFTER[1]}<sup>2</sup></p><hr>
      <p><strong>1</strong> ${NOTES[0]}</p><ul><li>Winter readings were fewer.</li></ul><p>Summer ones were not.</p>
      <p><strong>2</strong> ${NOTES[1]}</p>`);
    expect(out).toMatch(/\[\^1\]: At six[\s\S]*Winter readings were fewer[\s\S]*Summer ones were not[\s\S]*\[\^2\]: Ice forms/);
    expect(out).toContain(`${AFTER[0]}[^1]`);
  });

  it('bold lead-ins with the number in superscript; a bold paragraph after them is not a note', () => {
    const out = md(`<p>${AFTER[0]}<sup>1</sup></p><p>${AFTER[1]}<sup>2</sup></p>
      <p><b><sup>1</sup> Note, March:</b> ${NOTES[0]}</p><p><b><sup>2</sup> Note, April:</b> ${NOTES[1]}</p>
      <p><b>Update:</b> the station has a new float.</p>`);
    expect(out).toContain(`${AFTER[0]}[^1]`);
    expect(out).toMatch(/^\[\^2\]: \*\*Note, April:\*\* Ice forms/m);
    expect(out).toMatch(/^\*\*Update:\*\* the station has a new float\.$/m);
  });

  it('a section headed "Notes" with plain paragraphs', () => {
    const out = md(`<p>${AFTER[0]}<sup>1</sup></p><p>${AFTER[1]}<sup>2</sup></p><h2>Notes</h2>
      <p><sup>1</sup> ${NOTES[0]}</p><p><sup>2</sup> ${NOTES[1]}</p>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('paragraphs of class footnote right after the paragraph that cites them', () => {
    const out = md(`<p>${AFTER[0]}<sup>1</sup></p><p class="footnote"><sup>1</sup>${NOTES[0]}</p><h2>Winter</h2>
      <p>${AFTER[1]}<sup>2</sup></p><p class="footnote"><sup>2</sup>${NOTES[1]}</p><p>The story goes on after the notes.</p>`);
    expectNotes(out, AFTER, NOTES);
    expect(out).toMatch(/^The story goes on after the notes\.$/m);
  });

  it('notes in asides, each an <ol start> numbered like the text', () => {
    const out = md(`<div><div><p>${AFTER[0]}<sup class="aside-ref">1</sup></p></div><aside><ol start="1"><li>${NOTES[0]}</li></ol></aside></div>
      <div><div><p>${AFTER[1]}<sup class="aside-ref">2</sup></p></div><aside><ol start="2"><li>${NOTES[1]}</li></ol></aside></div>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('a list under a "Footnotes" heading outside the article', () => {
    const out = md(`<article><p>${AFTER[0]}<sup class="cap">1</sup></p><p>${AFTER[1]}<sup class="cap">2</sup></p></article>
      <div class="wrap"><h4>Footnotes</h4><ol><li id="note-a">${NOTES[0]}</li><li id="note-b">${NOTES[1]}</li></ol></div>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('notes sharing one paragraph after a rule, behind named anchors and separated by <br>', () => {
    const out = md(`<p>${AFTER[0]}<a href="#first"><sup>1</sup></a></p><p>${AFTER[1]}<a href="#second"><sup>2</sup></a></p><hr>
      <p><a name="first"><sup>1</sup></a> ${NOTES[0]} <a href="#">↩</a><br><br><a name="second"><sup>2</sup></a> ${NOTES[1]} <a href="#">↩</a></p>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('a numbered reference list whose anchors sit on an empty child, under a "References" heading', () => {
    const out = md(`<p>${AFTER[0]} <a href="#src1">[1]</a></p><p>${AFTER[1]} <a href="#src2">[2]</a></p><h3>References</h3>
      <ol><li><a id="src1"></a>${NOTES[0]}</li><li><a id="src2"></a>${NOTES[1]}</li></ol>`);
    expectNotes(out, AFTER.map((a) => `${a} `), NOTES);
  });

  it('numbered paragraphs in the text are not notes', () => {
    const out = md(`<p>Step <sup>2</sup> of the method needs care.</p><p><strong>1</strong> Open the valve.</p><p><strong>2</strong> Close it after ten seconds.</p>`);
    expect(out).not.toContain('[^');
  });

  it('notes shown on hover: the number title holds the note, its rich copy hidden inside (or already dropped)', () => {
    const hidden = md(`<p>${AFTER[0]}<span class="inline-note" title="${NOTES[0]}">1</span></p><p>${AFTER[1]}<span class="inline-note" title="${NOTES[1]}">2</span></p>`);
    expectNotes(hidden, AFTER, NOTES);
    const rich = md(`<p>${AFTER[0]}<span class="inline-note" title="${NOTES[0]}">1<span class="note-body">At six in the <a href="https://example.org/m">morning</a> and at six in the evening.</span></span></p>`);
    expect(rich).toContain(`${AFTER[0]}[^1]`);
    expect(rich).toMatch(/^\[\^1\]: At six in the \[morning\]\(https:\/\/example\.org\/m\) and at six in the evening\.$/m);
  });

  it('notes under label lines (texinfo): the label heading links back, the note is the paragraph after it', () => {
    const out = md(`<p>${AFTER[0]}<a class="footnote" id="DOCF1" href="#FOOT1"><sup>1</sup></a></p>
      <p>${AFTER[1]}<a class="footnote" id="DOCF2" href="#FOOT2"><sup>2</sup></a></p>
      <div class="footnotes-segment"><hr><h4>Footnotes</h4>
      <h5><a id="FOOT1" href="#DOCF1">(1)</a></h5><p>${NOTES[0]}</p><h5><a id="FOOT2" href="#DOCF2">(2)</a></h5><p>${NOTES[1]}</p></div>`);
    expectNotes(out, AFTER, NOTES);
    expect(out).not.toMatch(/^#{1,6}\s*$/m);
  });

  it('label lines as long as a label gets ("[ 101 ].", spread over elements) are still labels', () => {
    const out = md(`<p>${AFTER[0]}<a class="footnote" id="DOCF1" href="#FOOT1"><sup>1</sup></a></p>
      <p>${AFTER[1]}<a class="footnote" id="DOCF2" href="#FOOT2"><sup>2</sup></a></p>
      <div class="footnotes-segment"><hr><h4>Footnotes</h4>
      <h5> <a id="FOOT1" href="#DOCF1">[ 10<b>1</b> ].</a> </h5><p>${NOTES[0]}</p><h5><a id="FOOT2" href="#DOCF2">
      [ 10<b>2</b> ].</a></h5><p>${NOTES[1]}</p></div>`);
    expectNotes(out, AFTER, NOTES);
    expect(out).not.toMatch(/^#{1,6}\s*$/m);
  });

  it('references whose links only run a script (a wiki scrolling to its note), notes numbered "1."', () => {
    const out = md(`<p>${AFTER[0]}<sup class="ref"><a id="ref-1" href="javascript:;">1</a></sup></p>
      <p>${AFTER[1]}<sup class="ref"><a id="ref-2" href="javascript:;">2</a></sup></p>
      <div class="notes-footer"><div class="title">Footnotes</div>
      <div class="footnote-footer" id="note-1"><a href="javascript:;">1</a>. ${NOTES[0]}</div>
      <div class="footnote-footer" id="note-2"><a href="javascript:;">2</a>. ${NOTES[1]}</div></div>`);
    expectNotes(out, AFTER, NOTES);
  });

  it("Word's pasted notes: references to anchors the page lacks, notes after a rule led by a back-link to no host", () => {
    const out = md(`<p>${AFTER[0]}<span><sup><a href="#_ftn1">[1]</a></sup></span></p><p>${AFTER[1]}<span><sup><a href="#_ftn2">[2]</a></sup></span></p><hr>
      <p><span><sup><a href="//6CB562CC-4A65-4CD0-8144-1E6C10100E4E#_ftnref1">[1]</a> </sup>${NOTES[0]}</span></p>
      <p><span><sup><a href="//6CB562CC-4A65-4CD0-8144-1E6C10100E4E#_ftnref2">[2]</a> </sup><a href="https://example.org/ice/">https://example.org/ice/</a></span></p>`);
    expect(out).toContain(`${AFTER[0]}[^1]`);
    expect(out).toContain(`${AFTER[1]}[^2]`);
    expect(out).toMatch(new RegExp(`^\\[\\^1\\]: ${NOTES[0].replace('.', '\\.')}$`, 'm'));
    expect(out).toMatch(/^\[\^2\]: \[https:\/\/example\.org\/ice\/\]\(https:\/\/example\.org\/ice\/\)$/m);
  });

  it('citations linking to the page under another address of its own (a versioned paper), several at once', () => {
    const cite = (n: number) => `<a href="https://papers.example.org/html/2101.00001v3#bib.bib${n}">${n}</a>`;
    const out = md(`<p>${AFTER[0]} [${cite(7)}, ${cite(2)}]</p><p>${AFTER[1]} [${cite(4)}]</p>
      <h2>References</h2><ul><li id="bib.bib2"><span>[2]</span> ${NOTES[1]}</li><li id="bib.bib4"><span>[4]</span> Third source.</li>
      <li id="bib.bib7"><span>[7]</span> ${NOTES[0]}</li></ul>`);
    expect(out.match(/^\[\^\d+\]: /gm)?.length, out).toBe(3);
    expect(out).toMatch(/^\[\^1\]: At six in the morning/m);
    expect(out).toMatch(/^\[\^2\]: Ice forms/m);
    expect(out).toMatch(/^\[\^3\]: Third source\.$/m);
    expect(out).toContain(`${AFTER[0]} \\[[^1], [^2]\\]`);
  });

  it('a link whose fragment is not valid percent-encoding is left as it is, and the rest of the notes still read', () => {
    const out = md(`<p>${AFTER[0]} <a href="https://shop.example/a#50%off">sale</a> <a href="#fn1">1</a></p><ol><li id="fn1">${NOTES[0]}</li></ol>`);
    expect(out).toContain('[sale](https://shop.example/a#50%off)');
    expect(out).toMatch(/^\[\^1\]: At six in the morning/m);
  });

  it('links to another page that happens to hold the same ids stay links', () => {
    const out = md(`<p>${AFTER[0]} <a href="https://other.example.org/a#s1">1</a> <a href="https://other.example.org/a#s2">2</a> <a href="https://other.example.org/a#s9">3</a></p>
      <ol><li id="s1">One.</li><li id="s2">Two.</li></ol>`);
    expect(out).not.toContain('[^');
    expect(out).toContain('[1](https://other.example.org/a#s1)');
    expect(out).toContain('[2](https://other.example.org/a#s2)');
  });

  it('notes written in the sentence and moved to the margin by a stylesheet (Tufte toggles, span.footnote)', () => {
    const out = md(`<p>${AFTER[0]} <span class="note-wrap"><label for="n1" class="margin-toggle footnote-number"></label><input type="checkbox" id="n1" class="margin-toggle"><span class="footnote">${NOTES[0]}</span></span></p>
      <p>${AFTER[1]} <span class="note-wrap"><span class="footnote">${NOTES[1]}</span></span></p>
      <p>A label is not a note <span class="footnote"><a href="#x">3</a></span>.</p>`);
    expectNotes(out, AFTER.map((a) => `${a} `), NOTES);
  });

  it('an asterisk whose note rode along as its title (a hidden aside named by the reference)', () => {
    const out = md(`<p>${AFTER[0]}<span class="fn-ref" title="${NOTES[0]}"><a href="#">*</a></span></p><p>${AFTER[1]}<span class="fn-ref" title="${NOTES[1]}"><a href="#">*</a></span></p>`);
    expectNotes(out, AFTER, NOTES);
  });

  it('a title on a word or a long label is not a note', () => {
    const out = md(`<p>The <span title="Acoustic Doppler current profiler">ADCP</span> was moored <span title="Depth below chart datum, in metres">12.5</span> metres down.</p>`);
    expect(out).not.toContain('[^');
  });
});

