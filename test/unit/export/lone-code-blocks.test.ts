// @vitest-environment jsdom
// A <code> laid out as a block without a <pre> (white-space: pre on the code, a documentation generator's block
// class) is fenced in the Markdown export; inline code in a sentence stays inline.
import { describe, expect, it } from 'vitest';
import { exportAs } from '../../../src/export/index';
import { buildExtraction, kept } from '../render/fixtures';

function md(html: string): string {
  let id = 0;
  const numbered = html.replace(/<(p|h2|pre|code(?= class="hl))\b/g, (m) => `${m} data-pith-block="${id++}"`);
  const decisions = Object.fromEntries(Array.from({ length: id }, (_, i) => [i, kept()]));
  return exportAs(buildExtraction({ html: numbered, url: 'https://docs.example.org/net', decisions, metadata: { title: 'Net' } }), 'md', { frontMatter: false });
}

describe('code blocks without <pre>', () => {
  it('a multi-line <code> alone in its paragraph becomes a fenced block with its lines', () => {
    const out = md(`<p>Set the addresses:</p><p><code class="routeros">\n/ip address\nadd address=10.0.0.1/24 interface=lan\n</code></p><p>Then reboot.</p>`);
    expect(out).toContain('```\n/ip address\nadd address=10.0.0.1/24 interface=lan\n```');
  });

  it('a one-line <code> with a block class among paragraphs becomes a fenced block with its language', () => {
    const out = md(`<p>The definition:</p><code class="hl lean block">\n  <span>def</span><span> </span><span>double</span><span> (n : Nat) : Nat :=</span>\n</code><p>It doubles.</p>`);
    expect(out).toContain('```lean\ndef double (n : Nat) : Nat :=\n```');
  });

  it('inline code in a sentence, or alone on one line without a block class, stays inline', () => {
    const out = md(`<p>Run <code>make\ninstall</code> as root.</p><p><code>npm test</code></p>`);
    expect(out).toContain('Run `make install` as root.');
    expect(out).toContain('`npm test`');
    expect(out).not.toContain('```');
  });
});
