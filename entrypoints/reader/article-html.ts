/**
 * The article's HTML for the reader, rendered once per extraction and "show removed" setting (the full reader
 * re-renders often). The first paint shows only the article's start (`firstScreenArticle`); the full reader then
 * shows the whole of it.
 */
import type { Extraction } from '@/src/pipeline/types';
import { FIRST_SCREEN, renderArticleHtml, type RenderOptions, type SanitizedHtml } from '@/src/render/article';
import { errorMessage } from '@/src/error-message';

export type RenderedArticle = { html: SanitizedHtml; error: null } | { html: null; error: string };

const rendered = new WeakMap<Extraction, Map<boolean, RenderedArticle>>();

function render(extraction: Extraction, options: RenderOptions): RenderedArticle {
  try {
    return { html: renderArticleHtml(extraction, options), error: null };
  } catch (error) {
    return { html: null, error: errorMessage(error) };
  }
}

export function renderedArticle(extraction: Extraction, showRemoved: boolean): RenderedArticle {
  let byMode = rendered.get(extraction);
  if (!byMode) rendered.set(extraction, (byMode = new Map()));
  let result = byMode.get(showRemoved);
  if (!result) {
    result = render(extraction, { showRemoved, collapseRemoved: true, omitTitleHeading: true });
    byMode.set(showRemoved, result);
  }
  return result;
}

/** The first screen of the article, for the first paint (not cached: rendered once per reader). */
export function firstScreenArticle(extraction: Extraction): RenderedArticle {
  return render(extraction, { showRemoved: false, omitTitleHeading: true, firstScreen: FIRST_SCREEN });
}
