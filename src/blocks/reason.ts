/**
 * The words of a block-model decision: the features that moved it most, said as a reader would say them
 * ("Mostly links (87 %), in the side column, one of 14 similar items"). No feature names, tags or scores.
 */
import { causeLabel, type RemovalCause } from '../decisions/causes';

export interface Contribution {
  feature: string;
  /** The feature's value for this block. */
  value: number;
  /** How much it moved the decision towards keeping (positive) or removing (negative), in log-odds. */
  contribution: number;
}

const percent = (share: number) => `${Math.round(100 * share)} %`;
const LANDMARK_WORDS: Record<string, [string, string]> = {
  in_nav: ['in the page navigation', 'outside the page navigation'],
  in_header: ['in the page header', 'below the page header'],
  in_footer: ['in the page footer', 'above the page footer'],
  in_aside: ['in a side panel', 'not in a side panel'],
  in_main: ['inside the main content area', 'outside the main content area'],
  in_article: ['inside the article element', 'outside the article element'],
  in_form: ['inside a form', 'not in a form'],
  in_dialog: ['inside a dialog', 'not in a dialog'],
  in_li: ['an item of a list', 'not a list item'],
  in_table: ['inside a table', 'not in a table'],
};
const PAGE_TYPE_WORDS: Record<string, string> = {
  page_article: 'an article page',
  page_forum: 'a forum or Q&A page',
  page_product: 'a product page',
  page_service: 'a service page',
  page_listing: 'a listing page',
  page_collection: 'a collection page',
  page_documentation: 'a documentation page',
};

/** A phrase for one contribution, or null for a feature that does not read well on its own. */
export function phrase(c: Contribution, features: Record<string, number>): string | null {
  const on = c.value > 0.5;
  if (c.feature in LANDMARK_WORDS) return LANDMARK_WORDS[c.feature]![on ? 0 : 1];
  if (c.feature in PAGE_TYPE_WORDS) return c.value >= 0.5 ? `on ${PAGE_TYPE_WORDS[c.feature]}` : null;
  if (c.feature.startsWith('rule_')) return on ? `looks like a ${causeLabel(c.feature.slice(5) as RemovalCause)}` : null;
  if (c.feature.startsWith('hint_')) return 'what the page\'s own markup calls it';
  if (c.feature.startsWith('prev_') || c.feature.startsWith('next_')) return c.contribution > 0 ? 'next to kept text' : 'next to removed pieces';
  switch (c.feature) {
    case 'link_density':
      return c.value >= 0.5 ? `mostly links (${percent(c.value)})` : c.value > 0 ? `few links (${percent(c.value)})` : 'no links';
    case 'links_log':
      return `${Math.round(Math.expm1(c.value))} links`;
    case 'chars_rank':
    case 'chars_rel_max': {
      const share = features.chars_rel_max ?? 0;
      return share >= 0.5 ? 'one of the longest pieces of text on the page' : (features.chars_rank ?? 0) < 0.4 ? 'short next to the rest of the page' : 'much shorter than the page\'s main text';
    }
    case 'sentence_ends':
    case 'sentence_ends_per_word':
    case 'ends_with_stop':
      return (features.sentence_ends ?? 0) >= 1 ? 'written in sentences' : 'no full sentences';
    case 'common_share':
      return c.value >= 0.3 ? 'reads like running text' : 'few of the page\'s everyday words';
    case 'digit_share':
      return c.value >= 0.1 ? 'many digits (dates, counts)' : null;
    case 'page_link_share':
      return c.value >= 0.5 ? 'on a page made mostly of links' : null;
    case 'page_prose_share':
      return c.value >= 0.5 ? 'on a page of running text' : null;
    case 'column_offset':
    case 'in_column':
    case 'x_centre':
      return (features.in_column ?? 0) > 0.5 ? 'in the main text column' : 'in the side column';
    case 'group_size_log':
    case 'group_position':
    case 'group_member_chars_rel':
    case 'group_text_share': {
      const size = Math.round(Math.expm1(features.group_size_log ?? 0));
      return size >= 3 ? `one of ${size} similar items` : 'not one of a run of similar items';
    }
    case 'after_text_end':
      return c.value > 0 ? 'after the end of the article text' : 'within the article text';
    case 'from_title':
    case 'from_first_heading':
      return Math.abs(c.value) < 0.05 ? 'close to the title' : c.value < 0 ? 'above the title' : 'far below the title';
    case 'position':
    case 'y_top':
      return c.value < 0.15 ? 'at the top of the page' : c.value > 0.8 ? 'near the end of the page' : 'in the middle of the page';
    case 'font_rel':
      return c.value < 0.9 ? 'in small print' : c.value > 1.2 ? 'in large type' : 'in the body text size';
    case 'kept_now':
      return on ? 'the page structure places it in the article' : 'the page structure places it outside the article';
    case 'kept_by_layout':
      return on ? 'inside the densest text area' : 'outside the densest text area';
    case 'trimmed_by_readability':
      return on ? 'the page structure marks it as boilerplate' : null;
    case 'matches_title':
      return on ? 'the page title' : null;
    case 'matches_byline':
      return on ? "the author's name" : null;
    case 'matches_date':
      return on ? 'the date' : null;
    case 'kind_heading':
      return on ? 'a heading' : null;
    case 'kind_list-item':
      return on ? 'a list item' : null;
    case 'images':
      return c.value > 0 ? 'an image' : null;
    case 'text_share':
      return c.value >= 0.05 ? `a large part of the page's text (${percent(c.value)})` : 'a small part of the page\'s text';
    default:
      return null;
  }
}

/** Up to three phrases for the features that pushed hardest towards the decision, first letter capitalised. */
export function reasonWords(contributions: Contribution[], kept: boolean, features: Record<string, number>): string {
  const towards = contributions.filter((c) => (kept ? c.contribution > 0 : c.contribution < 0)).sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const phrases: string[] = [];
  for (const c of towards) {
    const p = phrase(c, features);
    if (p && !phrases.includes(p)) phrases.push(p);
    if (phrases.length === 3) break;
  }
  const text = phrases.length > 0 ? phrases.join(', ') : kept ? 'reads like the article' : 'does not read like the article';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
