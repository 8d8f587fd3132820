/**
 * Markdown export: title as H1, a metadata line with the source link, then the kept article through turndown with
 * GFM tables, fenced code blocks (keeping the language) and math as $…$ / $$…$$ when the page kept TeX.
 */
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';
import type { Extraction } from '../pipeline/types';
import { articleHeader, renderArticleHtml } from '../render/article';
import { hostLabel } from '../render/header';
import { texAnnotation } from '../render/normalize-math';
import { metadataParts } from './metadata-line';

function fenceFor(code: string): string {
  const longest = Math.max(2, ...Array.from(code.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** The code's text, with <br> (some highlighters' line breaks) as newlines. */
function codeText(pre: Element): string {
  let text = '';
  const walk = (node: Node): void => {
    if (node.nodeType === 3) text += node.textContent ?? '';
    else if (node.nodeName === 'BR') text += '\n';
    else node.childNodes.forEach(walk);
  };
  walk(pre);
  return text;
}

function codeLanguage(pre: Element): string {
  const code = pre.querySelector('code');
  const cls = code?.getAttribute('class') ?? pre.getAttribute('class') ?? '';
  return /(?:^|\s)language-([\w#+.-]+)/.exec(cls)?.[1] ?? '';
}

function escapeLinkText(text: string): string {
  return text.replace(/([\\\[\]])/g, '\\$1');
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    hr: '---',
  });
  service.use(gfm);
  service.addRule('pithCodeBlock', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const pre = node as HTMLElement;
      const code = codeText(pre).replace(/\n$/, '');
      const fence = fenceFor(code);
      return `\n\n${fence}${codeLanguage(pre)}\n${code}\n${fence}\n\n`;
    },
  });
  service.addRule('pithMath', {
    filter: (node) => node.nodeName.toLowerCase() === 'math',
    replacement: (_content, node) => {
      const math = node as Element;
      const display = math.getAttribute('display') === 'block';
      const tex = texAnnotation(math);
      if (tex === null) return display ? `\n\n${math.outerHTML}\n\n` : math.outerHTML;
      return display ? `\n\n$$\n${tex}\n$$\n\n` : `$${tex}$`;
    },
  });
  service.addRule('pithFigcaption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : ''),
  });
  service.addRule('pithMedia', {
    filter: ['video', 'audio'],
    replacement: (_content, node) => {
      const el = node as Element;
      const src = el.getAttribute('src') ?? el.querySelector('source[src]')?.getAttribute('src') ?? '';
      if (!src) return '';
      return `\n\n[${el.nodeName === 'VIDEO' ? 'Video' : 'Audio'}](${src})\n\n`;
    },
  });
  return service;
}

export function toMarkdown(extraction: Extraction): string {
  const header = articleHeader(extraction);
  const html = renderArticleHtml(extraction, { showRemoved: false, omitTitleHeading: true });
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const article = createService().turndown(body).trim();
  const meta = metadataParts(header);
  const source = header.url ? `[${escapeLinkText(hostLabel(header.url) || header.url)}](${header.url})` : '';
  const metaLine = [...meta, ...(source ? [source] : [])].join(' · ');
  const title = header.title.replace(/[ \t\n\r\f]+/g, ' ').trim();
  return `# ${title}\n\n${metaLine ? `${metaLine}\n\n` : ''}${article}\n`;
}
