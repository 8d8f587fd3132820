import { describe, expect, it } from 'vitest';
import { countConstructs } from '../../../scripts/lib/markdown-constructs';

describe('constructs counted in a Markdown export', () => {
  it('counts an image whose alt text holds escaped brackets, and not a link', () => {
    const md = '![\\[QGIS main interface\\]](https://example.org/qgis.png)\n\n![A lake](https://example.org/lake.png)\n\n[\\[ up \\]](https://example.org/)\n';
    expect(countConstructs(md).images).toBe(2);
  });

  it('counts a code fence inside a block quote', () => {
    const md = 'He wrote:\n\n> ```javascript\n> rekt: {}\n> ```\n\n```\nplain\n```\n';
    expect(countConstructs(md)['code fences']).toBe(2);
  });

  it('counts a table inside a block quote', () => {
    const md = '> | Release | Date |\n> | --- | --- |\n> | 4.3 | July 2014 |\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n';
    expect(countConstructs(md).tables).toBe(2);
  });

  it('counts the pictures of a table written as HTML, and not an <img> shown as code', () => {
    const md = '<table><tr><td><img src="https://example.org/harbour.jpg" alt="Harbour"></td><td>Arden</td></tr></table>\n\n`<img src="x.png">`\n';
    expect(countConstructs(md).images).toBe(1);
  });
});
