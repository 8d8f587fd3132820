/**
 * Markdown export as note apps read it: YAML front matter (or, without it, the title and a metadata line), then the
 * kept article through turndown: fenced code with its language, math as $…$ / $$…$$ (TeX from the page or from
 * MathML), footnotes as [^n] … [^n]: …, GFM tables (complex ones as HTML), figures with captions, callouts as
 * `> [!kind]`, in-page anchors relative.
 */
import TurndownService from 'turndown';
import { strikethrough, taskListItems } from '@joplin/turndown-plugin-gfm';
import { MathMLToLaTeX } from 'mathml-to-latex';
import type { Extraction } from '../pipeline/types';
import { ANCHOR_ID_PREFIX, ANCHOR_LINK_ATTR } from '../render/anchors';
import { articleHeader, renderArticleHtml } from '../render/article';
import { CALLOUT_ATTR, CALLOUT_TITLE_ATTR } from '../render/callouts';
import { FOOTNOTE_ATTR, FOOTNOTE_REF_ATTR, FOOTNOTES_SECTION_ATTR } from '../render/footnotes';
import { hostLabel } from '../render/header';
import { texAnnotation, unwrapDisplaystyle } from '../render/normalize-math';
import { frontMatter } from './front-matter';
import { metadataParts } from './metadata-line';
import type { ExportOptions } from './options';
import { tableRule } from './markdown-table';
import '../render/temml-tex';

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

/** TeX for a formula: the page's own (annotation), else converted from its MathML. */
export function texOf(math: Element): string | null {
  const tex = texAnnotation(math);
  if (tex) return unwrapDisplaystyle(tex);
  try {
    const xml = new XMLSerializer().serializeToString(math);
    const converted = MathMLToLaTeX.convert(xml).trim();
    return converted || null;
  } catch {
    return null;
  }
}

function quoteLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/** Footnote text as a Markdown footnote definition: continuation lines indented by four spaces. */
function footnoteDefinition(n: string, content: string): string {
  const [first = '', ...rest] = content.trim().replace(/\n{3,}/g, '\n\n').split('\n');
  return [`[^${n}]: ${first}`, ...rest.map((line) => (line ? `    ${line}` : ''))].join('\n');
}

function createService(notes: Map<string, string>): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    hr: '---',
  });
  service.use([strikethrough, taskListItems]);
  service.addRule('pithTable', tableRule(service));
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
      const tex = texOf(math);
      if (tex === null) return display ? `\n\n${math.outerHTML}\n\n` : math.outerHTML;
      return display ? `\n\n$$\n${tex}\n$$\n\n` : `$${tex}$`;
    },
  });
  service.addRule('pithFootnoteRef', {
    filter: (node) => node.nodeName === 'SUP' && (node as Element).hasAttribute(FOOTNOTE_REF_ATTR),
    replacement: (_content, node) => `[^${(node as Element).getAttribute(FOOTNOTE_REF_ATTR)}]`,
  });
  service.addRule('pithFootnote', {
    filter: (node) => node.nodeName === 'LI' && (node as Element).hasAttribute(FOOTNOTE_ATTR),
    replacement: (content, node) => {
      const n = (node as Element).getAttribute(FOOTNOTE_ATTR) ?? '';
      if (content.trim()) notes.set(n, footnoteDefinition(n, content));
      return '';
    },
  });
  service.addRule('pithFootnotes', {
    filter: (node) => (node as Element).hasAttribute?.(FOOTNOTES_SECTION_ATTR) ?? false,
    replacement: () => '',
  });
  service.addRule('pithCallout', {
    filter: (node) => node.nodeName === 'BLOCKQUOTE' && (node as Element).hasAttribute(CALLOUT_ATTR),
    replacement: (content, node) => {
      const el = node as Element;
      const title = el.querySelector(`[${CALLOUT_TITLE_ATTR}]`)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      const head = `[!${el.getAttribute(CALLOUT_ATTR) ?? 'note'}]${title ? ` ${title}` : ''}`;
      const body = content.trim();
      return `\n\n${quoteLines(body ? `${head}\n${body}` : head)}\n\n`;
    },
  });
  service.addRule('pithCalloutTitle', {
    filter: (node) => (node as Element).hasAttribute?.(CALLOUT_TITLE_ATTR) ?? false,
    replacement: () => '',
  });
  service.addRule('pithAnchor', {
    filter: (node) => node.nodeName === 'A' && (node as Element).hasAttribute(ANCHOR_LINK_ATTR),
    replacement: (content, node) => {
      const href = (node as Element).getAttribute('href') ?? '';
      if (!href.startsWith(`#${ANCHOR_ID_PREFIX}`)) return content;
      return `[${content}](#${href.slice(ANCHOR_ID_PREFIX.length + 1)})`;
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

/** The article body as Markdown, with footnote definitions at the end. */
export function articleMarkdown(extraction: Extraction): string {
  const html = renderArticleHtml(extraction, { showRemoved: false, omitTitleHeading: true });
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const notes = new Map<string, string>();
  const article = createService(notes).turndown(body).trim();
  const definitions = [...notes.entries()].sort((a, b) => Number(a[0]) - Number(b[0])).map(([, d]) => d);
  return definitions.length > 0 ? `${article}\n\n${definitions.join('\n\n')}` : article;
}

export function toMarkdown(extraction: Extraction, options: ExportOptions = {}): string {
  const header = articleHeader(extraction);
  const article = articleMarkdown(extraction);
  const title = header.title.replace(/[ \t\n\r\f]+/g, ' ').trim();
  if (options.frontMatter !== false) {
    const meta = extraction.snapshot.metadata;
    const yaml = frontMatter({
      header,
      description: meta.description,
      tags: meta.keywords,
      clipped: options.now ?? new Date(),
    });
    return `${yaml}\n# ${title}\n\n${article}\n`;
  }
  const source = header.url ? `[${escapeLinkText(hostLabel(header.url) || header.url)}](${header.url})` : '';
  const metaLine = [...metadataParts(header), ...(source ? [source] : [])].join(' · ');
  return `# ${title}\n\n${metaLine ? `${metaLine}\n\n` : ''}${article}\n`;
}
