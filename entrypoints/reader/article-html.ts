/**
 * The article's HTML for the reader, rendered once per extraction and "show removed" setting: the first paint and
 * the full reader that replaces it show the same string without rendering it twice.
 */
import type { Extraction } from '@/src/pipeline/types';
import { renderArticleHtml, type SanitizedHtml } from '@/src/render/article';

export type RenderedArticle = { html: SanitizedHtml; error: null } | { html: null; error: string };

const rendered = new WeakMap<Extraction, Map<boolean, RenderedArticle>>();

export function renderedArticle(extraction: Extraction, showRemoved: boolean): RenderedArticle {
  let byMode = rendered.get(extraction);
  if (!byMode) rendered.set(extraction, (byMode = new Map()));
  let result = byMode.get(showRemoved);
  if (!result) {
    try {
      result = { html: renderArticleHtml(extraction, { showRemoved, omitTitleHeading: true }), error: null };
    } catch (error) {
      result = { html: null, error: error instanceof Error ? error.message : String(error) };
    }
    byMode.set(showRemoved, result);
  }
  return result;
}
