import type { PageSnapshot } from '../snapshot/types';
import { pageRepeats } from './repeats';

/**
 * What the page-type classifier sees of a page: numbers read from the snapshot (URL shape, JSON-LD and microdata
 * types, class names, repeated sibling structures, block kinds, link density, telling phrases). Every feature is
 * named so the trained model (model-weights.json) can be checked against this list.
 */

const URL_PATTERNS: [string, RegExp][] = [
  ['url:forum', /\/(forums?|threads?|topics?|t|questions?|q|community|discussions?|boards?|viewtopic|showthread|answers)([\/._-]|$)/i],
  ['url:product', /\/(products?|p|dp|shop|store|item|items|buy|sku)([\/._-]|$)/i],
  ['url:docs', /\/(docs?|documentation|api|reference|guides?|manual|handbook|wiki|learn|tutorials?|sdk|developers?)([\/._-]|$)/i],
  ['url:article', /\/(blog|news|articles?|posts?|stories|story|press)([\/._-]|$)|\/20\d\d\/|\d{4}-\d{2}-\d{2}/i],
  ['url:listing', /\/(category|categories|collections?|tags?|search|archives?|list|page\/\d+|browse|c)([\/._-]|$)|[?&](page|q|s|sort)=/i],
  ['url:service', /\/(services?|solutions?|pricing|plans|about|features|consulting|agency|hire|what-we-do)([\/._-]|$)/i],
  ['url:html-file', /\.(html?|php|aspx?)$/i],
];

/** Structured-data type families (JSON-LD @type or microdata itemtype). */
const TYPE_FAMILIES: [string, RegExp][] = [
  ['product', /\b(product|offer|aggregateoffer|productgroup|individualproduct)\b/i],
  ['forum', /\b(discussionforumposting|qapage|question|answer|comment|socialmediaposting)\b/i],
  ['article', /\b(article|newsarticle|blogposting|reportage|opinionnewsarticle|analysisnewsarticle)\b/i],
  ['docs', /\b(techarticle|apireference|softwaresourcecode|softwareapplication|howto)\b/i],
  ['listing', /\b(itemlist|collectionpage|searchresultspage|offercatalog|listitem)\b/i],
  ['service', /\b(service|professionalservice|localbusiness|faqpage|organization|corporation)\b/i],
];

/** Class/id/role tokens that tell of a page type, counted over the snapshot's nodes. */
const HINT_PATTERNS: [string, RegExp][] = [
  ['hint:post', /\b(post|posts|message|messages|reply|replies|thread|topic|forum|bbp|comment|answer|answers|question)\b/],
  ['hint:author', /\b(author|username|user-?info|avatar|poster|postauthor|byline)\b/],
  ['hint:vote', /\b(vote|votes|score|upvote|like|likes|reputation|karma)\b/],
  ['hint:product', /\b(product|products|price|cart|sku|add-to-cart|buy|variant|stock|woocommerce|shop|checkout|qty|quantity)\b/],
  ['hint:card', /\b(card|cards|grid|tile|tiles|item|items|listing|results?|teaser|collection|loop|archive)\b/],
  ['hint:docs', /\b(docs?|documentation|toc|sidebar|highlight|code|language-\w+|hljs|prism|api|markdown|md-content|rst|sphinx|docusaurus)\b/],
  ['hint:service', /\b(hero|testimonials?|pricing|faq|features?|cta|services?|benefits|clients|team|contact|banner|wp-block-cover|elementor)\b/],
  ['hint:pagination', /\b(pagination|pager|paging|page-numbers|next|prev)\b/],
  ['hint:filter', /\b(filters?|facets?|sort|sorting|refine)\b/],
  ['hint:article', /\b(article|entry-content|post-content|story|blog|single|prose)\b/],
  ['hint:breadcrumb', /\bbreadcrumbs?\b/],
  ['hint:form', /\b(form|login|signin|sign-in|register|search)\b/],
];

const TEXT_PATTERNS: [string, RegExp][] = [
  ['text:price', /(?:[$€£¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:€|usd|eur|gbp))/gi],
  ['text:cart', /\b(add to (cart|basket|bag)|buy now|in stock|out of stock|free shipping|quantity|checkout|sku)\b/gi],
  ['text:forum', /\b(reply|replies|quote|posted|joined|posts:|member|moderator|thread|topic|views|registered|report)\b/gi],
  ['text:date', /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(st|nd|rd|th)?,? \d{4}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{4}\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d+ (minutes?|hours?|days?|weeks?|months?|years?) ago\b/gi],
  ['text:readmore', /\b(read more|learn more|view more|see more|continue reading|shop now|view all|load more)\b/gi],
  ['text:service', /\b(our services|contact us|get in touch|free quote|book a|schedule a|consultation|why choose|testimonials?|our team|we help|we offer|get started|request a)\b/gi],
  ['text:docs', /\b(parameters?|returns?|example|usage|install(ation)?|configuration|function|method|class|syntax|deprecated|npm|pip|import)\b/gi],
  ['text:article', /\b(by [A-Z][a-z]+ [A-Z][a-z]+|min read|published|updated|share this|related (posts|articles))\b/g],
];

function log1(x: number): number {
  return Math.log1p(Math.max(0, x));
}

function count(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) && n < 1000) n++;
  return n;
}

export type PageTypeFeatures = Record<string, number>;

export function pageTypeFeatures(snapshot: PageSnapshot): PageTypeFeatures {
  const f: PageTypeFeatures = {};
  let path = '';
  try {
    const url = new URL(snapshot.url);
    path = url.pathname + url.search;
    const segments = url.pathname.split('/').filter(Boolean);
    f['url:depth'] = segments.length;
    f['url:root'] = segments.length === 0 ? 1 : 0;
    f['url:last-length'] = log1((segments.at(-1) ?? '').length);
    f['url:last-hyphens'] = Math.min(12, ((segments.at(-1) ?? '').match(/-/g) ?? []).length);
    f['url:digits'] = /\d{3,}/.test(url.pathname) ? 1 : 0;
    f['url:query'] = url.search.length > 1 ? 1 : 0;
  } catch {
    f['url:depth'] = 0;
  }
  for (const [name, re] of URL_PATTERNS) f[name] = re.test(path) ? 1 : 0;

  // One pass over the nodes: tags, class-name hints (matched once per distinct hint) and microdata types.
  const hintCounts = new Array<number>(HINT_PATTERNS.length).fill(0);
  const hintMatches = new Map<string, number[]>();
  const itemtypeList: string[] = [];
  let forms = 0;
  let navs = 0;
  let asides = 0;
  let articles = 0;
  let sections = 0;
  for (const node of snapshot.nodes) {
    if (node.tag === 'form') forms++;
    else if (node.tag === 'nav') navs++;
    else if (node.tag === 'aside') asides++;
    else if (node.tag === 'article') articles++;
    else if (node.tag === 'section') sections++;
    if (!node.hint) continue;
    let matches = hintMatches.get(node.hint);
    if (!matches) {
      matches = [];
      for (let i = 0; i < HINT_PATTERNS.length; i++) if (HINT_PATTERNS[i][1].test(node.hint)) matches.push(i);
      hintMatches.set(node.hint, matches);
    }
    for (const i of matches) hintCounts[i]++;
    const at = node.hint.indexOf('schema.org/');
    if (at >= 0) itemtypeList.push(node.hint.slice(at + 11).split(/\s/)[0]);
  }

  const md = snapshot.metadata;
  const types = (md.jsonLdTypes ?? []).join(' ');
  const itemtypes = itemtypeList.filter(Boolean).join(' ');
  for (const [name, re] of TYPE_FAMILIES) {
    f[`ld:${name}`] = re.test(types) ? 1 : 0;
    f[`microdata:${name}`] = re.test(itemtypes) ? 1 : 0;
  }
  f['ld:any'] = types ? 1 : 0;
  f['ld:product-data'] = md.jsonLdProduct ? 1 : 0;
  const ogType = (md.openGraph['og:type'] ?? '').toLowerCase();
  f['og:article'] = ogType === 'article' ? 1 : 0;
  f['og:product'] = /product/.test(ogType) ? 1 : 0;
  f['og:website'] = ogType === 'website' ? 1 : 0;
  f['meta:published'] = md.publishedTime ? 1 : 0;
  f['meta:byline'] = md.byline ? 1 : 0;

  const nodes = snapshot.nodes.length || 1;
  HINT_PATTERNS.forEach(([name], i) => {
    f[name] = log1(hintCounts[i]);
    f[`${name}:share`] = hintCounts[i] / nodes;
  });
  f['tag:form'] = log1(forms);
  f['tag:nav'] = log1(navs);
  f['tag:aside'] = log1(asides);
  f['tag:article'] = log1(articles);
  f['tag:section'] = log1(sections);

  const visible = snapshot.blocks.filter((b) => b.visible);
  let chars = 0;
  const kindChars: Record<string, number> = {};
  let linkChars = 0;
  let longBlocks = 0;
  let headings = 0;
  let images = 0;
  let h1 = 0;
  for (const b of visible) {
    const n = b.text.length;
    chars += n;
    kindChars[b.kind] = (kindChars[b.kind] ?? 0) + n;
    linkChars += Math.min(n, b.linkTextLength);
    if (b.kind === 'text' && n >= 200) longBlocks++;
    if (b.kind === 'heading') headings++;
    if (b.headingLevel === 1) h1++;
    images += b.images.length;
  }
  const total = chars || 1;
  f['blocks:log'] = log1(visible.length);
  f['chars:log'] = log1(chars);
  f['link-share'] = linkChars / total;
  f['long-blocks:log'] = log1(longBlocks);
  f['long-blocks:share'] = longBlocks / (visible.length || 1);
  f['headings:log'] = log1(headings);
  f['headings:per-1000-chars'] = Math.min(10, (headings * 1000) / total);
  f['h1:count'] = Math.min(5, h1);
  f['images:log'] = log1(images);
  f['images:per-1000-chars'] = Math.min(10, (images * 1000) / total);
  for (const kind of ['text', 'heading', 'list-item', 'quote', 'table', 'code', 'figure']) f[`kind:${kind}`] = (kindChars[kind] ?? 0) / total;
  f['mean-block-chars:log'] = log1(chars / (visible.length || 1));

  const groups = pageRepeats(snapshot).groups.filter((g) => g.members.length >= 3);
  const best = groups[0];
  f['repeat:groups:log'] = log1(groups.length);
  f['repeat:best-members:log'] = log1(best?.members.length ?? 0);
  f['repeat:best-share'] = best ? best.chars / total : 0;
  f['repeat:best-mean-chars:log'] = best ? log1(best.chars / best.members.length) : 0;
  const big = groups.filter((g) => g.chars / total > 0.1);
  f['repeat:big-groups'] = Math.min(5, big.length);
  f['repeat:best-article'] = best && /^article\./.test(best.signature) ? 1 : 0;
  f['repeat:best-li'] = best && /^li\./.test(best.signature) ? 1 : 0;
  f['repeat:best-section'] = best && /^section\./.test(best.signature) ? 1 : 0;

  const text = visible.map((b) => b.text).join('\n');
  const per1000 = 1000 / total;
  for (const [name, re] of TEXT_PATTERNS) {
    const c = count(text, re);
    f[name] = log1(c);
    f[`${name}:density`] = Math.min(20, c * per1000);
  }
  return f;
}

/** The features as a vector in `names` order (missing ones are 0). */
export function featureVector(features: PageTypeFeatures, names: readonly string[]): number[] {
  return names.map((n) => features[n] ?? 0);
}
