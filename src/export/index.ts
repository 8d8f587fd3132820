/** Exports of an extraction: Markdown, standalone HTML, plain text and JSON. Pure; needs a DOM for md and html. */
import type { ExportFormat, Extraction } from '../pipeline/types';
import { toStandaloneHtml } from './html';
import { toJson } from './json';
import { toMarkdown } from './markdown';
import { htmlRemovalSummary, markdownRemovalSummary } from './removal-summary';
import type { ExportOptions } from './options';
import { toPlainText } from './text';

export { EXPORT_LABELS, EXPORT_MIME_TYPES, exportFileName } from './file-name';
export type { ExportOptions } from './options';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['md', 'html', 'text', 'json'];

export function exportAs(extraction: Extraction, format: ExportFormat, options: ExportOptions = {}): string {
  switch (format) {
    case 'md':
      return toMarkdown(extraction, options) + (options.removalSummary ? markdownRemovalSummary(extraction) : '');
    case 'html':
      return toStandaloneHtml(extraction, options.removalSummary ? htmlRemovalSummary(extraction) : '');
    case 'text':
      return toPlainText(extraction);
    case 'json':
      return toJson(extraction);
    default: {
      const unknown: never = format;
      throw new Error(`Unknown export format: ${String(unknown)}`);
    }
  }
}
