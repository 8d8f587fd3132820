/**
 * The labelling prompt. It follows the seed's prompt (role, what counts as main and as other for articles,
 * forums, Q&A and other pages, the answer format, "other" when unsure), in our words, with the page's title and
 * the chunk's place in the page added for long pages.
 */
import { ITEM_ID_ATTR } from './simplify';

export interface PromptContext {
  title: string;
  /** 1-based chunk number and count, when the page is cut into chunks. */
  part?: { index: number; count: number };
}

const INSTRUCTIONS = `You are an expert in HTML front-end structure. Classify every element that has an ${ITEM_ID_ATTR} attribute in the HTML below as "main" (the page's primary content) or "other" (everything around it).

"main" is the content the page exists for:
- articles, news and blog posts: the body text and the images that belong to it;
- forums and discussion threads: the opening post and the replies that carry the conversation;
- Q&A pages: the question, its answers and the replies to them;
- any other page: the text, paragraphs and media it is about.

"other" is everything that serves the page rather than being its content:
- navigation: menus, sidebars, footers, breadcrumbs, pagination, "skip to content" links;
- metadata: titles, author names, dates, view, like and vote counts;
- advertising and promotion: sponsored sections, share buttons, follow prompts, external links;
- related content: "read more", "next article", trending lists, tags and recommendations.

Answer with one JSON object whose keys are the ${ITEM_ID_ATTR} values and whose values are "main" or "other", for example {"1":"other","2":"main","3":"other"}. Include every ${ITEM_ID_ATTR} of the input exactly once, in order, and nothing else. When unsure, answer "other".`;

export function buildPrompt(html: string, context: PromptContext): string {
  const lines = [INSTRUCTIONS, ''];
  if (context.title) lines.push(`Page title: ${context.title}`);
  if (context.part && context.part.count > 1) {
    lines.push(`This is part ${context.part.index} of ${context.part.count} of the page; elements without ${ITEM_ID_ATTR} are neighbouring context and get no label.`);
  }
  lines.push('', 'Input HTML:', html, '', 'JSON:');
  return lines.join('\n');
}
