/** The reader's highlights in extension storage: one item, page address (no fragment) → that page's highlights. */
import { storage } from 'wxt/utils/storage';
import { isHighlight, type Highlight } from '@/src/reading/highlights';
import { pageKey } from '@/src/reading/next-page';

export type HighlightsByPage = Record<string, Highlight[]>;

export const highlightsItem = storage.defineItem<HighlightsByPage>('local:highlights', { fallback: {} });

/** Every page's highlights; anything damaged in storage is left out rather than shown wrong. */
export async function loadAllHighlights(): Promise<HighlightsByPage> {
  const stored = await highlightsItem.getValue();
  const all: HighlightsByPage = {};
  for (const [page, list] of Object.entries(stored ?? {})) {
    const valid = Array.isArray(list) ? list.filter(isHighlight) : [];
    if (valid.length) all[page] = valid;
  }
  return all;
}

export async function loadPageHighlights(url: string): Promise<Highlight[]> {
  return (await loadAllHighlights())[pageKey(url)] ?? [];
}

export async function savePageHighlights(url: string, highlights: readonly Highlight[]): Promise<void> {
  const all = await loadAllHighlights();
  if (highlights.length) all[pageKey(url)] = [...highlights];
  else delete all[pageKey(url)];
  await highlightsItem.setValue(all);
}

/** Every highlight as one JSON file (the options page's "Export all highlights"). */
export async function exportAllHighlightsJson(): Promise<string> {
  const pages = Object.entries(await loadAllHighlights()).map(([url, highlights]) => ({ url, highlights }));
  return `${JSON.stringify({ pith: 'highlights', version: 1, pages }, null, 2)}\n`;
}
