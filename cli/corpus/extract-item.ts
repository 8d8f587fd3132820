/** One page through the in-page pipeline, as the output line the `pith` command writes. */
import type { Page } from 'playwright-core';
import { detectLanguage } from '../../src/perplexity/detect';
import type { ExportFormat } from '../../src/pipeline/types';
import { oneLine } from '../../scripts/lib/cli-options';
import type { PagePool } from '../../scripts/lib/page-pool';
import { isWebUrl, syntheticUrl, type PageSource } from '../../scripts/lib/page-source';
import type { ErrorItem, PageItem } from './items';

export const OUTPUT_FORMATS = ['text', 'markdown', 'html', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const EXPORT_FORMAT: Record<OutputFormat, ExportFormat> = { text: 'text', markdown: 'md', html: 'html', json: 'json' };
/** The output line's field for each format ("record": the full JSON record, parsed). */
const FIELD: Record<OutputFormat, 'text' | 'markdown' | 'html' | 'record'> = { text: 'text', markdown: 'markdown', html: 'html', json: 'record' };
/** Plain text read to tell the language (the detector reads no more). */
const LANGUAGE_SAMPLE_CHARS = 600;

export interface ResultLine {
  id: string;
  url: string | null;
  title?: string;
  lang?: string;
  text?: string;
  markdown?: string;
  html?: string;
  record?: unknown;
  /** Time spent on this page: loading it and extracting (for a failed page, until it failed). */
  ms: number;
  error?: string;
}

export interface ExtractSettings {
  format: OutputFormat;
  timeoutMs: number;
  pageScripts: boolean;
  /** Stages after the snapshot that run in the page itself (perplexity with its n-gram models). */
  perplexity: boolean;
  /** The learned block model (src/blocks/) after the structural stages. */
  blockModel?: boolean;
}

interface InPage {
  output: string;
  title: string;
  declaredLang: string;
  sample: string;
}

function roundMs(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function sourceOf(item: PageItem): PageSource {
  const own = item.url !== undefined && isWebUrl(item.url) && URL.canParse(item.url) ? item.url : undefined;
  return { kind: 'html', url: own ?? syntheticUrl(item.id), html: item.html, charset: item.charset, filesDir: item.filesDir };
}

function runInPage(page: Page, format: ExportFormat, perplexity: boolean, blockModel: boolean): Promise<InPage> {
  return page.evaluate(
    async ({ format, perplexity, blockModel, sampleChars }) => {
      const api = window.__pith;
      if (!api) throw new Error('window.__pith is not installed');
      const extraction = await api.extract({ perplexity, blockModel });
      const output = api.format(extraction, format);
      const sample = (format === 'text' ? output : api.format(extraction, 'text')).slice(0, sampleChars);
      return { output, title: extraction.snapshot.metadata.title, declaredLang: extraction.snapshot.lang, sample };
    },
    { format, perplexity, blockModel, sampleChars: LANGUAGE_SAMPLE_CHARS },
  );
}

export function errorLine(item: ErrorItem | PageItem, error: string, ms = 0): ResultLine {
  return { id: item.id, url: item.url ?? null, ms: roundMs(ms), error };
}

export async function extractItem(pool: PagePool, slot: number, item: PageItem, settings: ExtractSettings): Promise<ResultLine> {
  const started = performance.now();
  const load = { pageScripts: settings.pageScripts, timeoutMs: settings.timeoutMs };
  let result: InPage;
  try {
    result = await pool.withPage(slot, sourceOf(item), load, (page) => runInPage(page, EXPORT_FORMAT[settings.format], settings.perplexity, settings.blockModel === true));
  } catch (error) {
    return errorLine(item, oneLine(error), performance.now() - started);
  }
  const field = FIELD[settings.format];
  const content = field === 'record' ? { record: JSON.parse(result.output) as unknown } : { [field]: result.output };
  return {
    id: item.id,
    url: item.url ?? null,
    title: result.title,
    lang: detectLanguage(result.sample, result.declaredLang || undefined).lang,
    ...content,
    ms: roundMs(performance.now() - started),
  };
}
