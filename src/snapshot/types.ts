/**
 * The page snapshot: everything the pipeline may know about a rendered page, as plain serialisable data.
 * It is taken once in the page (content script or the CLI's headless Chromium) and every stage reads it.
 */

export interface Rect {
  x: number; // document coordinates (scroll offset added), CSS pixels
  y: number;
  width: number;
  height: number;
}

export type BlockKind =
  | 'text' // paragraph-like run of text
  | 'heading'
  | 'list-item'
  | 'quote'
  | 'image' // a standalone image (possibly lazy-loaded; src resolved)
  | 'figure' // image(s) with a caption
  | 'table' // a data table (layout tables are walked through as containers)
  | 'code' // <pre> and friends
  | 'math' // display math (MathML, MathJax, KaTeX)
  | 'media'; // video / audio / embedded player

/** An element that owns or contains blocks: the skeleton GCE walks up. */
export interface SnapshotNode {
  id: number; // index into PageSnapshot.nodes; 0 is <body>
  parent: number; // -1 for <body>
  tag: string; // lower-case tag name
  /** id, class, role and itemprop/itemtype joined and lower-cased (for article/content hints and later stages). */
  hint: string;
  rect: Rect;
  depth: number; // DOM depth below <html>
  fixed: boolean; // position fixed or sticky (itself, not ancestors)
  visible: boolean;
  /** Number of element children (GCE's link-container rule needs "single child"). */
  childElementCount: number;
  /** aria-label, lower-cased, when the element has one (e.g. "breadcrumb", "comments"). */
  label?: string;
  /**
   * For a <form> or role=search element: what it asks for (a password field makes it a login form; an email field
   * without a password or a message box, a sign-up for a newsletter or offers).
   */
  form?: 'login' | 'search' | 'subscribe' | 'other';
}

export interface BlockImage {
  src: string; // absolute URL, lazy-load attributes resolved
  alt: string;
  width: number;
  height: number;
}

export interface Block {
  id: number; // index into PageSnapshot.blocks, document order
  kind: BlockKind;
  /** Tag path from <body>, e.g. "body>div#main>article>p:3" (stable for the same DOM; used to remember corrections). */
  path: string;
  tag: string;
  /** Node that owns this block. For an anonymous run of inline content inside a mixed element, its parent element. */
  node: number;
  /** True when the block is a run of inline content inside an element that also holds other blocks. */
  anonymous: boolean;
  text: string; // whitespace-normalised visible text
  rect: Rect;
  /** Sum of the areas of the block's own text boxes (for GCE's text-area density). */
  textArea: number;
  visible: boolean;
  /** The block or an ancestor is position: fixed/sticky. */
  fixed: boolean;
  /** Index of the outermost fixed/sticky ancestor node, -1 if none. */
  fixedNode: number;
  /** Area of link boxes inside the block, and the share of the text that is link text. */
  linkArea: number;
  linkTextLength: number;
  linkCount: number;
  fontSize: number; // computed, px
  fontWeight: number;
  depth: number;
  headingLevel?: number; // 1–6 for headings
  images: BlockImage[];
  lang?: string; // nearest lang attribute when it differs from the page's
}

/** A link container (GCE: a link, or a parent of a link that has it as its single child, recursively). */
export interface SnapshotLink {
  rect: Rect;
  node: number; // nearest enclosing snapshot node
}

export interface PageMetadata {
  title: string;
  description: string;
  byline: string;
  siteName: string;
  publishedTime: string; // ISO string when known, else as written on the page
  canonicalUrl: string;
  image: string;
  /** The page's `<link rel="next">`, absolute, when it declares one (multi-page articles). */
  nextUrl?: string;
  /** All og:* and article:* meta properties, as found. */
  openGraph: Record<string, string>;
  /** Article-like JSON-LD fields (headline, description, author, datePublished, publisher, image). */
  jsonLd: Record<string, string>;
  /** The @type of every JSON-LD object on the page (e.g. "Product", "DiscussionForumPosting"), for the page-type classifier. */
  jsonLdTypes?: string[];
  /** A JSON-LD Product's name, description, brand, sku, price, priceCurrency and `spec:<name>` properties, as words (json-ld-text.ts). */
  jsonLdProduct?: Record<string, string>;
  keywords: string[];
}

/** Which limit of the read budget ended a reading early. */
export type BudgetLimit = 'elements' | 'blocks' | 'time';

export interface PageSnapshot {
  url: string;
  lang: string; // BCP 47, '' when unknown
  dir: 'ltr' | 'rtl';
  metadata: PageMetadata;
  viewport: { width: number; height: number };
  document: { width: number; height: number };
  /** Whether the page is laid out with its author styles (false when its linked stylesheets did not load, as in saved pages). */
  styled: boolean;
  nodes: SnapshotNode[];
  blocks: Block[];
  links: SnapshotLink[];
  /**
   * A cleaned copy of the page body: scripts, styles, hidden elements and event handlers dropped, URLs absolute,
   * lazy images resolved, layout tables marked data-pith-layout="table" (the reader flattens them). Every block's element carries data-pith-block="<id>"
   * (anonymous runs are wrapped in <span data-pith-block>). The reader and the exports build on this.
   */
  html: string;
  /** `limit`: which part of the read budget (src/snapshot/budget.ts) cut a truncated reading short. */
  stats: { elements: number; textNodes: number; ms: number; truncated: boolean; limit?: BudgetLimit };
  /** The page's iframes: same-origin ones are read in place (read: true); the others are named with why not. */
  frames?: FrameNote[];
  /** Content was read from shadow roots or frames, which a clone of the live page does not hold. */
  composed?: boolean;
  /** The document's MIME type when it is not text/html (text/plain, image/svg+xml, application/xml, …). */
  contentType?: string;
  /** Set when the page was empty when asked and Pith waited for its scripts to fill it in (see wait-for-content.ts). */
  waitedForContent?: ContentWait;
}

/** How long the reading waited for an empty page's content, and whether any came. */
export interface ContentWait {
  ms: number;
  found: boolean;
}

export interface FrameNote {
  src: string;
  read: boolean;
  reason?: string;
}
