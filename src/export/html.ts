/** HTML export: a standalone document with the sanitised kept article, its language and direction, and inline CSS. */
import type { Extraction } from '../pipeline/types';
import { articleHeader, renderArticleHtml } from '../render/article';
import { hostLabel } from '../render/header';
import { isSafeAbsoluteUrl } from '../render/urls';
import { escapeHtml } from './escape';
import { metadataParts } from './metadata-line';
import { STANDALONE_CSS } from './standalone-css';
import '../render/temml-tex';

/** `appendix`: trusted HTML placed after the article (the removal summary), '' for none. */
export function toStandaloneHtml(extraction: Extraction, appendix = ''): string {
  const header = articleHeader(extraction);
  const article = renderArticleHtml(extraction, { showRemoved: false, omitTitleHeading: true });
  const langAttr = header.lang ? ` lang="${escapeHtml(header.lang)}"` : '';
  const dirAttr = ` dir="${header.dir}"`;
  const url = isSafeAbsoluteUrl(header.url, 'link') ? header.url : '';
  const meta = metadataParts(header).map(escapeHtml);
  if (url) meta.push(`<a href="${escapeHtml(url)}">${escapeHtml(hostLabel(url) || url)}</a>`);
  return `<!doctype html>
<html${langAttr}${dirAttr}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(header.title)}</title>
${url ? `<link rel="canonical" href="${escapeHtml(url)}">\n` : ''}<meta name="generator" content="Pith">
<style>${STANDALONE_CSS}</style>
</head>
<body>
<article${langAttr}${dirAttr}>
<header class="pith-meta">
<h1>${escapeHtml(header.title)}</h1>
${meta.length > 0 ? `<p>${meta.join(' · ')}</p>\n` : ''}</header>
${article}
</article>
${appendix}</body>
</html>
`;
}
