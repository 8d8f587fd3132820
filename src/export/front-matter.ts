/**
 * YAML front matter for the Markdown export: the metadata block note apps (Obsidian, Logseq, Joplin) and static-site
 * generators read. Every value is a double-quoted YAML string (JSON string syntax is valid YAML), so no title or
 * description can break the block.
 */
import type { ArticleHeader } from '../render/header';

export interface FrontMatterInput {
  header: ArticleHeader;
  description: string;
  tags: string[];
  /** When the page was clipped (today, unless a test fixes it). */
  clipped: Date;
}

const quote = (value: string): string => JSON.stringify(value.replace(/\s+/g, ' ').trim());

/** "2024-05-01" for an ISO date or date-time, else the page's own wording. */
function publishedValue(raw: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(raw.trim());
  return m ? m[1] : raw.trim();
}

export function frontMatter({ header, description, tags, clipped }: FrontMatterInput): string {
  const lines: string[] = ['---', `title: ${quote(header.title)}`];
  if (header.url) lines.push(`source: ${quote(header.url)}`);
  if (header.byline) lines.push(`author: ${quote(header.byline)}`);
  if (header.date) lines.push(`published: ${quote(publishedValue(header.date))}`);
  if (header.site) lines.push(`site: ${quote(header.site)}`);
  if (description.trim()) lines.push(`description: ${quote(description)}`);
  const cleanTags = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
  if (cleanTags.length > 0) lines.push(`tags: [${cleanTags.map(quote).join(', ')}]`);
  if (header.lang) lines.push(`lang: ${quote(header.lang)}`);
  lines.push(`clipped: ${quote(clipped.toISOString().slice(0, 10))}`, '---');
  return `${lines.join('\n')}\n`;
}
