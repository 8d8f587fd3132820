/** Exports of an extraction: Markdown, standalone HTML, plain text and JSON. Pure; needs a DOM for md and html. */
import type { ExportFormat, Extraction } from '../pipeline/types';
import { toStandaloneHtml } from './html';
import { toJson } from './json';
import { toMarkdown } from './markdown';
import { htmlRemovalSummary, markdownRemovalSummary } from './removal-summary';
import type { ExportOptions } from './options';
import { toPlainText } from './text';
import { htmlHighlights, jsonHighlights, markdownHighlights, textHighlights } from './highlights';

export { EXPORT_LABELS, EXPORT_MIME_TYPES, exportFileName } from './file-name';
export type { ExportOptions } from './options';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['md', 'html', 'text', 'json'];

export function exportAs(extraction: Extraction, format: ExportFormat, options: ExportOptions = {}): string {
  const highlights = options.highlights ?? [];
  switch (format) {
    case 'md':
      return toMarkdown(extraction, options) + markdownHighlights(highlights) + (options.removalSummary ? markdownRemovalSummary(extraction) : '');
    case 'html':
      return toStandaloneHtml(extraction, htmlHighlights(highlights) + (options.removalSummary ? htmlRemovalSummary(extraction) : ''));
    case 'text':
      return toPlainText(extraction) + textHighlights(highlights);
    case 'json':
      return highlights.length ? toJson(extraction, jsonHighlights(highlights)) : toJson(extraction);
    default: {
      const unknown: never = format;
      throw new Error(`Unknown export format: ${String(unknown)}`);
    }
  }
}
