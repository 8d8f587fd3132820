/** File names and MIME types for downloaded exports. */
import type { ExportFormat } from '../pipeline/types';

export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { md: 'md', html: 'html', text: 'txt', json: 'json' };

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown;charset=utf-8',
  html: 'text/html;charset=utf-8',
  text: 'text/plain;charset=utf-8',
  json: 'application/json;charset=utf-8',
};

export const EXPORT_LABELS: Record<ExportFormat, string> = { md: 'Markdown', html: 'HTML', text: 'Text', json: 'JSON' };

const MAX_STEM = 80;

/** A safe file name from the article title, e.g. "why-the-sky-is-blue.md"; "article.md" when nothing is left. */
export function exportFileName(title: string, format: ExportFormat): string {
  const stem = Array.from(
    title
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\\/:*?"<>|#%&{}$!'`=@+^~\[\]();,]+/g, ' ')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .replace(/[\s.]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, ''),
  )
    .slice(0, MAX_STEM)
    .join('')
    .replace(/-$/, '');
  return `${stem || 'article'}.${EXPORT_EXTENSIONS[format]}`;
}
