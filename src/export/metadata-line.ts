/** The line under the title in the Markdown and HTML exports: byline · site · date · reading time. */
import type { ArticleHeader } from '../render/header';

export function metadataParts(header: ArticleHeader): string[] {
  const parts: string[] = [];
  if (header.byline) parts.push(header.byline);
  if (header.site) parts.push(header.site);
  if (header.dateLabel) parts.push(header.dateLabel);
  if (header.readingMinutes > 0) parts.push(`${header.readingMinutes} min read`);
  return parts;
}
