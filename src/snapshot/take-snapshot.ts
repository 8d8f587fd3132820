import { rememberCopyTree } from './copy-tree';
import { readMetadata } from './metadata';
import { currentViewMetadata } from './current-view';
import { noscriptsToRead, unwrapNoscript } from './noscript';
import { normaliseSpace } from './text';
import { UrlResolver } from './images';
import { hasShadowParts, isElementNode, renderedChildNodes, renderedChildren, renderedClone, renderedNodes, renderedText, shadowRootOf, subtreeHasShadowHost } from './composed-tree';
import { frameAccess, frameOrigin, offsetRect } from './frames';
import { revealSelfHiddenPage } from './self-hidden';
import { isDataTable } from './tables';
import { mathGlyphText } from './math-glyphs';
import { BudgetMeter, DEFAULT_READ_BUDGET, type ReadBudget } from './budget';
import type { Block, BlockImage, BlockKind, FrameNote, PageSnapshot, Rect, SnapshotLink, SnapshotNode } from './types';

/** A figure holding more text than this is a layout wrapper, not a figure: walk into it. */
const MAX_FIGURE_TEXT = 600;
/** Display math and rendered-math containers kept whole. */
const MATH_SELECTOR = 'math, .katex-display, mjx-container, .MathJax_Display, .mwe-math-element, div[data-math], .math-display';

const SKIP_TAGS = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'iframe', 'object', 'embed', 'canvas',
  'svg', 'input', 'select', 'textarea', 'option', 'datalist', 'map', 'area', 'base', 'param', 'source', 'track', 'hr',
]);
/** Never in a copy, unless a display-math container inside the copy holds them (a renderer's SVG, its MathML). */
const STRIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'link', 'meta', 'input', 'select', 'textarea', 'button', 'svg', 'canvas']);
/** Elements that are inline by nature; when laid out as blocks their copies get a paragraph around them. */
const PHRASING_TAGS = new Set(['span', 'a', 'time', 'em', 'strong', 'b', 'i', 'small', 'label', 'font', 'abbr', 'cite', 'mark', 'q', 'u', 's', 'sub', 'sup', 'button']);
/** Elements that may be read whole as one block (`atomicKind`), besides display-math containers. */
const WHOLE_UNIT_TAGS = new Set(['pre', 'table', 'figure', 'video', 'audio', 'img', 'picture', 'math']);
const LAYOUT_TABLE_TAGS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption']);
const INLINE_DISPLAYS = new Set(['inline', 'inline-block', 'inline-flex', 'inline-grid', 'ruby', 'ruby-text', 'contents']);
const KEPT_ATTRIBUTES = new Set([
  'id', 'class', 'role', 'itemprop', 'itemtype', 'lang', 'dir', 'href', 'src', 'alt', 'title', 'colspan', 'rowspan',
  'datetime', 'cite', 'start', 'type', 'reversed', 'scope', 'headers', 'abbr', 'width', 'height', 'poster', 'controls',
  'encoding', 'display', 'mathvariant', 'open',
  // Export fidelity: Word's footnote anchors, TeX kept by math renderers, code languages, callout kinds.
  'name', 'data-math', 'data-latex', 'data-tex', 'data-lang', 'data-language', 'data-callout',
]);
const HINT_ATTRIBUTES = ['class', 'role', 'itemprop', 'itemtype'];
/** Rendered-formula wrappers that stay in their sentence when laid out inline. */
const INLINE_MATH_WRAPPERS = 'math, .katex, mjx-container, .MathJax, .MathJax_SVG, .MathJax_CHTML, .mwe-math-element, [data-math], [data-latex], [data-tex]';
/** MathJax 2 renders a formula into "<id>-Frame" and keeps its TeX in <script type="math/tex" id="<id>">. */
const MATHJAX2_FRAME = /^(MathJax-Element-\d+)-Frame$/;

/** Below this font size, text is not meant to be read (see `ElementInfo.transparent`). */
const MIN_READABLE_FONT_PX = 4;

/**
 * An element's computed style, read property by property when first asked: most elements are only asked their
 * display (is it skipped, is it inline), and each read of a computed property costs a style lookup.
 */
class ElementInfo {
  readonly display: string;
  private positionValue?: string;
  private visibilityValue?: string;
  private opacityValue?: number;
  private fontSizeValue?: number;
  private fontWeightValue?: number;

  constructor(private readonly style: CSSStyleDeclaration) {
    this.display = style.display;
  }

  get position(): string {
    return (this.positionValue ??= this.style.position);
  }

  get visibility(): string {
    return (this.visibilityValue ??= this.style.visibility);
  }

  get opacity(): number {
    return (this.opacityValue ??= parseFloat(this.style.opacity || '1'));
  }

  /**
   * Fully transparent and out of the flow (a faded-out slide, menu or dialog) or set in unreadably small type (a
   * widget's configuration kept in the page as text). Other transparent content keeps its place on the page, an empty
   * gap: it waits for a script to fade it in as the reader scrolls to it (scroll-reveal animations), and is read like
   * what the reader already sees.
   */
  get transparent(): boolean {
    return this.opacity === 0 && (this.position === 'absolute' || this.position === 'fixed' || this.fontSize < MIN_READABLE_FONT_PX);
  }

  get fontSize(): number {
    return (this.fontSizeValue ??= parseFloat(this.style.fontSize) || 16);
  }

  get fontWeight(): number {
    return (this.fontWeightValue ??= parseInt(this.style.fontWeight, 10) || 400);
  }
}

interface Context {
  node: number;
  copy: Element;
  depth: number;
  path: string;
  fixedNode: number;
  transparent: boolean;
  inTable: boolean;
}

/** Live DOM behind each block (for the annotator and highlighting): the element, or the run of nodes. */
export type BlockDomMap = Map<number, Node[]>;

export interface SnapshotResult {
  snapshot: PageSnapshot;
  dom: BlockDomMap;
}

const normalise = normaliseSpace;

/**
 * What a form asks for: a password field makes it a login form, a search field or role=search a search form, an
 * email field with no message box a sign-up (a contact or comment form has a <textarea>).
 */
function formKind(el: Element): SnapshotNode['form'] {
  const isSearch = el.getAttribute('role') === 'search';
  if (el.localName !== 'form' && !isSearch) return undefined;
  if (el.querySelector('input[type="password" i]')) return 'login';
  if (isSearch || el.querySelector('input[type="search" i], input[name="q"], input[name="s"], input[name="search"]')) return 'search';
  if (el.querySelector('input[type="email" i], input[name*="email" i], input[autocomplete="email" i]') && !el.querySelector('textarea')) return 'subscribe';
  return 'other';
}

/** Every class the math selectors name contains one of these (classes match case-insensitively in quirks mode). */
const MATH_CLASS_WORDS = /math|katex/i;

/**
 * Whether `el` can match the math selectors at all (a cheap test before `matches`, which most elements fail): they
 * name the tags math and mjx-container, classes containing "math" or "katex", and the data-math, -latex, -tex attributes.
 */
function mayBeMath(el: Element): boolean {
  if (el.localName === 'math' || el.localName === 'mjx-container') return true;
  if (!el.hasAttributes()) return false;
  const classes = el.getAttribute('class');
  if (classes !== null && MATH_CLASS_WORDS.test(classes)) return true;
  return el.hasAttribute('data-math') || el.hasAttribute('data-latex') || el.hasAttribute('data-tex');
}

/** The element's id, class, role, itemprop and itemtype, those present, space-separated and lower-cased (`SnapshotNode.hint`). */
function hintOf(el: Element): string {
  const id: unknown = el.id; // on a form, `id` may be a control named "id" (DOM clobbering): its string stands in, as before
  let hint = id ? String(id) : '';
  for (const name of HINT_ATTRIBUTES) {
    const value = el.getAttribute(name);
    if (value) hint = hint ? `${hint} ${value}` : value;
  }
  return hint.toLowerCase().slice(0, 200);
}

function area(r: Rect): number {
  return Math.max(0, r.width) * Math.max(0, r.height);
}

class SnapshotWalker {
  private readonly win: Window;
  private readonly info = new Map<Element, ElementInfo>();
  private readonly inlineMemo = new Map<Element, boolean>();
  private readonly inLinkMemo = new Map<Element, boolean>();
  private readonly nodeOf = new Map<Element, number>();
  private readonly rects = new Map<Element, Rect>();
  private readonly linkContainers = new Set<Element>();
  private readonly range: Range;
  readonly nodes: SnapshotNode[] = [];
  readonly blocks: Block[] = [];
  readonly dom: BlockDomMap = new Map();
  textNodes = 0;
  truncated = false;
  /** Whether a lone TeX script was met (then copies are searched for them). */
  private loneTexSeen = false;
  readonly frames: FrameNote[] = [];
  /** Whether anything was read from a shadow root, a slot or a frame (see PageSnapshot.composed). */
  composed = false;
  /**
   * Whether a shadow host was met (by the walk, or in a block's subtree). Until then no element read can be inside a
   * shadow tree, and the plain DOM paths read what is rendered.
   */
  private hostSeen = false;
  /** Elements inside units read whole (not styled one by one, yet read: copied, measured, their text taken). */
  private wholeUnitElements = 0;
  private readonly shadowParts = new Map<Element, boolean>();
  /** Page coordinates of each read frame's viewport origin (its nodes' rects are relative to it). */
  private readonly frameOrigins = new Map<Document, { x: number; y: number }>();
  private readonly pageLang: string;
  /** The document the copy is built in (one document, so no copied node is adopted from another). */
  readonly copyDoc: Document;
  /** The page does not scroll while it is read: its scroll offset is read once (each read would check layout). */
  private readonly scrollX: number;
  private readonly scrollY: number;

  private readonly urls: UrlResolver;
  /** The noscripts the page shows as its content (it was parsed with scripting off); every other noscript is skipped. */
  private readonly noscripts: ReadonlySet<Element>;

  constructor(private readonly doc: Document, base: string, readonly meter: BudgetMeter) {
    this.urls = new UrlResolver(base);
    this.noscripts = noscriptsToRead(doc);
    this.win = doc.defaultView ?? window;
    this.range = doc.createRange();
    this.pageLang = (doc.documentElement.lang || '').toLowerCase();
    this.copyDoc = doc.implementation.createHTMLDocument('');
    this.scrollX = this.win.scrollX;
    this.scrollY = this.win.scrollY;
  }

  get elements(): number {
    return this.info.size;
  }

  /** Elements read so far, counting those inside units read whole (tables, figures, code): what the budget meters. */
  private get elementsRead(): number {
    return this.info.size + this.wholeUnitElements;
  }

  /**
   * The elements inside `el` when it may be a unit read whole (a table, figure, code listing, formula…), else 0. Taken
   * before the unit's own tests, which read all of it: a unit larger than what is left of the budget is walked into
   * instead, so a giant data table or listing is cut where the budget runs out rather than read whole.
   */
  private unitSize(el: Element): number {
    if (el.firstElementChild === null || !(WHOLE_UNIT_TAGS.has(el.localName) || mayBeMath(el))) return 0;
    return el.getElementsByTagName('*').length;
  }

  /** `el.closest('a[href]') !== null`, remembered per element (asked for every text node). */
  private inLink(el: Element | null): boolean {
    const unknown: Element[] = [];
    let answer = false;
    for (let e = el; e; e = e.parentElement) {
      const known = this.inLinkMemo.get(e);
      if (known !== undefined) {
        answer = known;
        break;
      }
      if (e.localName === 'a' && e.hasAttribute('href')) {
        answer = true;
        this.inLinkMemo.set(e, true);
        break;
      }
      unknown.push(e);
    }
    for (const e of unknown) this.inLinkMemo.set(e, answer);
    return answer;
  }

  private getInfo(el: Element): ElementInfo {
    let info = this.info.get(el);
    if (!info) {
      // A frame's elements take their styles from the frame's own window.
      info = new ElementInfo((this.docOf(el).defaultView ?? this.win).getComputedStyle(el));
      this.info.set(el, info);
    }
    return info;
  }

  /**
   * The document `node` belongs to. Until a frame is read every node walked is the page's own (shadow roots
   * included), and the walk asks this for most elements: no `ownerDocument` read then.
   */
  private docOf(node: Node): Document {
    return this.frameOrigins.size === 0 ? this.doc : node.ownerDocument!;
  }

  /** An element's rect, read once: a block's element is also its node, and a link is often its own link container. */
  private elementRect(el: Element): Rect {
    let rect = this.rects.get(el);
    if (!rect) {
      rect = this.rectOf(el);
      this.rects.set(el, rect);
    }
    return rect;
  }

  private rectOf(target: Element | Range): Rect {
    const r = target.getBoundingClientRect();
    const origin = this.frameOrigins.size ? this.frameOrigins.get(target instanceof Range ? target.startContainer.ownerDocument! : target.ownerDocument) : undefined;
    if (origin) return offsetRect(r, origin);
    return { x: r.left + this.scrollX, y: r.top + this.scrollY, width: r.width, height: r.height };
  }

  private skipped(el: Element): boolean {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) && !this.noscripts.has(el)) return true;
    if (el.hasAttribute('hidden') && tag !== 'details') return true;
    return this.getInfo(el).display === 'none';
  }

  private isInlineLevel(el: Element): boolean {
    const display = this.getInfo(el).display;
    // Two-keyword values: "inline math" (MathML's <math>), "inline flow-root", "inline list-item".
    return INLINE_DISPLAYS.has(display) || display.startsWith('inline ');
  }

  /** An element whose whole subtree is inline content (text, links, emphasis, inline images) joins its parent's run. */
  private isInlineSubtree(el: Element): boolean {
    const memo = this.inlineMemo.get(el);
    if (memo !== undefined) return memo;
    let inline = this.isInlineLevel(el) && !this.atomicKind(el);
    // An inline formula is part of its sentence, whatever its inside looks like: MathML's children are laid out as
    // "block math", renderers clip an absolutely positioned MathML copy inside their wrapper.
    if (inline && mayBeMath(el) && el.matches(INLINE_MATH_WRAPPERS)) {
      this.inlineMemo.set(el, true);
      return true;
    }
    if (inline) {
      for (const child of this.childrenOf(el)) {
        // A giant inline subtree (a page wrapped in <font>) is not read whole past the budget: the walk cuts it.
        if (this.meter.over(this.elementsRead, this.blocks.length)) {
          inline = false;
          break;
        }
        if (this.skipped(child)) continue;
        if (!this.isInlineSubtree(child)) {
          inline = false;
          break;
        }
      }
    }
    this.inlineMemo.set(el, inline);
    return inline;
  }

  /** Units kept whole: their inside is never split into blocks. */
  private atomicKind(el: Element): BlockKind | null {
    switch (el.localName) {
      case 'pre':
        return 'code';
      case 'table':
        return isDataTable(el as HTMLTableElement) ? 'table' : null;
      case 'figure': {
        const hasMedia = el.querySelector('img, picture, video, audio, svg, canvas, math') !== null;
        return hasMedia && (el.textContent ?? '').length <= MAX_FIGURE_TEXT ? 'figure' : null;
      }
      case 'video':
      case 'audio':
        return 'media';
      case 'img':
      case 'picture':
        // An inline image belongs to its paragraph's run; one laid out as a block stands alone.
        return this.isInlineLevel(el) ? null : 'image';
      case 'math':
        return this.isInlineLevel(el) ? null : 'math';
      default:
        if (mayBeMath(el) && el.matches(MATH_SELECTOR) && !this.isInlineLevel(el)) return 'math';
        return null;
    }
  }

  addNode(el: Element, parent: number, ctx: Context | null): number {
    const info = this.getInfo(el);
    // Most elements have no attributes at all: then no attribute is asked for.
    const attributed = el.hasAttributes();
    const hint = attributed ? hintOf(el) : '';
    const id = this.nodes.length;
    this.nodes.push({
      id,
      parent,
      tag: el.localName,
      hint,
      rect: this.elementRect(el),
      depth: ctx ? ctx.depth + 1 : 1,
      fixed: info.position === 'fixed' || info.position === 'sticky',
      visible: info.visibility === 'visible' && !info.transparent && !(ctx?.transparent ?? false),
      childElementCount: el.childElementCount,
    });
    const label = attributed ? el.getAttribute('aria-label')?.trim().toLowerCase() : undefined;
    if (label) this.nodes[id].label = label.slice(0, 80);
    const form = formKind(el);
    if (form) this.nodes[id].form = form;
    this.nodeOf.set(el, id);
    return id;
  }

  /** The copy of a container: tag kept (layout tables become divs), presentational attributes dropped. */
  private shallowCopy(el: Element, inLayoutTable: boolean): Element {
    // A read noscript's copy is a plain container: the reader's sanitiser drops <noscript> with what it holds.
    const copy = this.copyDoc.createElement(el.localName === 'noscript' ? 'div' : el.localName);
    if (inLayoutTable && LAYOUT_TABLE_TAGS.has(el.localName)) copy.setAttribute('data-pith-layout', 'table');
    // Names, not `attributes`: each Attr read from a NamedNodeMap is a new object.
    for (const name of el.getAttributeNames()) {
      if (KEPT_ATTRIBUTES.has(name)) copy.setAttribute(name, el.getAttribute(name)!);
    }
    return copy;
  }

  /**
   * The copy of an element that holds only inline content is a paragraph: a div becomes <p> (as Readability would
   * rewrite it, so the block marker survives Readability's own rewrite), and a phrasing element laid out as a block
   * (a span or time in a flex row) is wrapped in <p>, so the reader and Markdown keep it on its own line.
   * Returns where the content goes and which element carries the block marker.
   */
  private paragraphShell(copy: Element): { content: Element; marker: Element } {
    if (!copy.parentNode) return { content: copy, marker: copy };
    if (copy.localName === 'div') {
      const p = this.copyDoc.createElement('p');
      for (const attr of copy.attributes) p.setAttribute(attr.name, attr.value);
      copy.replaceWith(p);
      return { content: p, marker: p };
    }
    if (PHRASING_TAGS.has(copy.localName)) {
      const p = this.copyDoc.createElement('p');
      copy.replaceWith(p);
      p.append(copy);
      return { content: copy, marker: p };
    }
    return { content: copy, marker: copy };
  }

  /** Deep copy of block content with scripts, hidden parts and handlers dropped and URLs made absolute. */
  private deepCopy(nodes: Node[]): Node[] {
    const out: Node[] = [];
    for (const original of nodes) {
      if (isElementNode(original) && this.hasShadowParts(original)) {
        const { clone, originals, clones } = renderedClone(original, this.copyDoc);
        this.cleanRenderedCopy(original, originals, clones);
        out.push(clone);
        continue;
      }
      const clone = this.copyDoc.importNode(original, true);
      if (isElementNode(original) && isElementNode(clone)) this.cleanCopy(original, clone);
      out.push(this.loneTexSeen && isElementNode(clone) && (clone.localName === 'script' || clone.firstElementChild) ? this.texScriptsAsFormulas(clone) : clone);
    }
    return out;
  }

  /**
   * Cleans `clone` (a deep copy of `original`) in one walk over both trees in step, element by element as
   * `copyVerdict` says.
   */
  private cleanCopy(original: Element, clone: Element): void {
    const remove: Element[] = [];
    const readNoscripts: Element[] = [];
    let o: Element | null = original;
    let c: Element | null = clone;
    while (o && c) {
      const verdict = this.copyVerdict(original, o);
      if (verdict === 'drop') remove.push(c);
      else if (verdict === 'clean') this.cleanElement(o, c);
      if (verdict === 'clean' && o.localName === 'noscript') readNoscripts.push(c);
      const descend = verdict !== 'drop';
      // Next element in document order, in both trees.
      if (descend && o.firstElementChild) {
        o = o.firstElementChild;
        c = c.firstElementChild;
        continue;
      }
      while (o && o !== original && !o.nextElementSibling) {
        o = o.parentElement;
        c = c?.parentElement ?? null;
      }
      if (!o || o === original) break;
      o = o.nextElementSibling;
      c = c?.nextElementSibling ?? null;
    }
    for (const el of remove) el.remove();
    for (const el of readNoscripts) unwrapNoscript(el);
  }

  /** `cleanCopy` for a copy drawn from shadow roots and slots: `originals[i]` was copied to `clones[i]`. */
  private cleanRenderedCopy(original: Element, originals: readonly Element[], clones: readonly Element[]): void {
    const remove: Element[] = [];
    const readNoscripts: Element[] = [];
    originals.forEach((o, i) => {
      const c = clones[i];
      if (!c) return;
      const verdict = this.copyVerdict(original, o);
      if (verdict === 'drop') remove.push(c);
      else if (verdict === 'clean') this.cleanElement(o, c);
      if (verdict === 'clean' && o.localName === 'noscript') readNoscripts.push(c);
    });
    for (const el of remove) el.remove();
    for (const el of readNoscripts) unwrapNoscript(el);
  }

  /**
   * What a copy does with `o` (inside the copied `original`): skipped and hidden elements are dropped, except inside
   * display math (its MathML, SVG), where only scripts go, and form controls, embeds and graphics go unless a math
   * container inside the copy holds them ('keep': left as it is); the other elements are cleaned.
   */
  private copyVerdict(original: Element, o: Element): 'drop' | 'keep' | 'clean' {
    if (o === original) return 'clean';
    const tag = o.localName;
    if (tag === 'script' && this.isLoneTex(o)) return 'keep';
    if ((SKIP_TAGS.has(tag) && !this.noscripts.has(o)) || this.info.get(o)?.display === 'none') {
      const math = o.closest(MATH_SELECTOR);
      return !math || tag === 'script' || (STRIP_TAGS.has(tag) && !original.contains(math)) ? 'drop' : 'keep';
    }
    if (tag === 'button') {
      const math = o.closest(MATH_SELECTOR);
      return !math || !original.contains(math) ? 'drop' : 'clean';
    }
    return 'clean';
  }

  /** One kept element of a copy: presentational attributes dropped, URLs made absolute, MathJax 2's TeX kept. */
  private cleanElement(o: Element, c: Element): void {
    for (const name of c.getAttributeNames()) {
      if (!KEPT_ATTRIBUTES.has(name) && !name.startsWith('data-pith')) c.removeAttribute(name);
    }
    const mathJaxId = o.id ? MATHJAX2_FRAME.exec(o.id)?.[1] : undefined;
    if (mathJaxId) this.keepMathJaxTex(mathJaxId, c);
    if (o.localName === 'img') {
      c.setAttribute('src', this.urls.imageSrc(o as HTMLImageElement));
    } else if (o.localName === 'a' && o.hasAttribute('href')) {
      c.setAttribute('href', this.urls.absolute(o.getAttribute('href') ?? ''));
    } else if ((o.localName === 'video' || o.localName === 'audio') && o.getAttribute('src')) {
      c.setAttribute('src', this.urls.absolute(o.getAttribute('src') ?? ''));
    }
  }

  /** A MathJax 2 TeX script with no rendered frame beside it (the page's scripts did not run). */
  private isLoneTex(script: Element): boolean {
    if (!/^math\/tex/i.test(script.getAttribute('type') ?? '')) return false;
    const lone = !script.id || this.doc.getElementById(`${script.id}-Frame`) === null;
    if (lone) this.loneTexSeen = true;
    return lone;
  }

  /** Lone TeX scripts of a copy as formulas: `<span data-pith-tex>` holding the TeX, which the reader typesets. */
  private texScriptsAsFormulas(copy: Node): Node {
    const scripts = isElementNode(copy) ? (copy.localName === 'script' ? [copy] : Array.from(copy.querySelectorAll('script'))) : [];
    let out = copy;
    for (const script of scripts) {
      const type = script.getAttribute('type') ?? '';
      if (!/^math\/tex/i.test(type)) continue;
      const span = this.copyDoc.createElement('span');
      const tex = (script.textContent ?? '').trim();
      span.setAttribute('data-pith-tex', tex);
      if (/mode=display/i.test(type)) span.setAttribute('data-pith-tex-display', '');
      span.textContent = tex;
      script.replaceWith(span);
      if (script === copy) out = span;
    }
    return out;
  }

  /** MathJax 2's TeX source, which sits in a script the copy drops, as data-pith-tex on the rendered formula. */
  private keepMathJaxTex(id: string, copy: Element): void {
    const script = this.doc.getElementById(id);
    const type = script?.getAttribute('type') ?? '';
    if (!script || script.localName !== 'script' || !/^math\/tex/i.test(type)) return;
    copy.setAttribute('data-pith-tex', script.textContent ?? '');
    if (/mode=display/i.test(type)) copy.setAttribute('data-pith-tex-display', '');
  }

  walk(el: Element, ctx: Context): void {
    let run: Node[] = [];
    let sawBlock = false;
    let runIndex = 0;
    const tagCounts = new Map<string, number>();
    const flush = (final: boolean) => {
      const nodes = run;
      run = [];
      if (nodes.length === 0) return;
      const anonymous = !final || sawBlock;
      this.collectLinks(nodes);
      if (!this.hasContent(nodes)) {
        if (!anonymous) for (const n of this.deepCopy(nodes)) ctx.copy.append(n);
        return;
      }
      sawBlock = true;
      if (anonymous) {
        const wrapper = this.copyDoc.createElement(/^(h[1-6]|li|dt|dd|a|span|em|strong|b|i)$/.test(el.localName) ? 'span' : 'p');
        wrapper.append(...this.deepCopy(nodes));
        ctx.copy.append(wrapper);
        this.addBlock(el, nodes, ctx, true, `${ctx.path}>#text:${runIndex++}`, wrapper);
      } else {
        const { content, marker } = this.paragraphShell(ctx.copy);
        content.append(...this.deepCopy(nodes));
        this.addBlock(el, [el], ctx, false, ctx.path, marker);
      }
    };

    let previousBr = false;
    const children = this.childNodesOf(el);
    if (children !== el.childNodes) this.composed = true;
    for (const child of children) {
      if (this.meter.over(this.elementsRead, this.blocks.length)) {
        this.truncated = true;
        break;
      }
      if (child.nodeType === Node.TEXT_NODE) {
        const hasText = (child.nodeValue ?? '').trim() !== '';
        if (hasText) previousBr = false;
        if (run.length > 0 || hasText) run.push(child);
        continue;
      }
      if (!isElementNode(child)) continue;
      if ((child.localName === 'iframe' || child.localName === 'frame') && this.readFrame(child, ctx)) continue;
      // TeX that MathJax 2 never rendered (no frame): the formula is in the sentence, as its source.
      if (child.localName === 'script' && this.isLoneTex(child)) {
        previousBr = false;
        run.push(child);
        continue;
      }
      // A rule between blocks stays in the copy (not a block): hand-written footnotes follow one.
      if (child.localName === 'hr' && run.length === 0 && this.getInfo(child).display !== 'none') ctx.copy.append(this.copyDoc.createElement('hr'));
      if (this.skipped(child)) continue;
      // Old pages separate paragraphs with <br><br> inside one element: each paragraph is its own block.
      if (child.localName === 'br') {
        if (previousBr) {
          run.pop();
          flush(false);
          previousBr = false;
          continue;
        }
        previousBr = true;
        run.push(child);
        continue;
      }
      previousBr = false;
      const tag = child.localName;
      const index = (tagCounts.get(tag) ?? 0) + 1;
      tagCounts.set(tag, index);
      const pathOf = () => `${ctx.path}>${tag}${child.id ? `#${child.id}` : ''}:${index}`;
      const size = this.unitSize(child);
      const atomic = this.meter.fits(this.elementsRead, size) ? this.atomicKind(child) : null;
      if (atomic) {
        this.wholeUnitElements += size;
        flush(false);
        sawBlock = true;
        const node = this.addNode(child, ctx.node, ctx);
        const [copy] = this.deepCopy([child]) as Element[];
        ctx.copy.append(copy);
        this.addBlock(child, [child], { ...ctx, node, depth: ctx.depth + 1 }, false, pathOf(), copy, atomic);
        continue;
      }
      if (this.isInlineSubtree(child)) {
        run.push(child);
        continue;
      }
      // The budget ran out inside `child` while its inline content was being looked at: it is not read at all (its
      // rect alone, on a giant inline element, would cost seconds).
      if (this.meter.limit) {
        this.truncated = true;
        break;
      }
      flush(false);
      sawBlock = true;
      const info = this.getInfo(child);
      const node = this.addNode(child, ctx.node, ctx);
      const isLayoutTable = child.localName === 'table';
      const copy = this.shallowCopy(child, ctx.inTable || isLayoutTable);
      ctx.copy.append(copy);
      const fixed = info.position === 'fixed' || info.position === 'sticky';
      this.walk(child, {
        node,
        copy,
        depth: ctx.depth + 1,
        path: pathOf(),
        fixedNode: ctx.fixedNode >= 0 ? ctx.fixedNode : fixed ? node : -1,
        transparent: ctx.transparent || info.transparent,
        inTable: ctx.inTable || isLayoutTable,
      });
    }
    flush(true);
  }

  /**
   * Whether `el` hosts a shadow root, or a host was met earlier (then the walk may be inside a shadow tree, where a
   * slot child stands for what it shows). Asked of every element whose children are read, so the hosts are found by
   * the walk itself, as far as it reads: no scan of the document ahead of it, which a read budget could not bound.
   */
  private rendersComposed(el: Element): boolean {
    if (this.hostSeen) return true;
    if (shadowRootOf(el) === null) return false;
    this.hostSeen = true;
    return true;
  }

  /** `hasShadowParts`, remembered per element; before any host was met, only a host in the subtree counts. */
  private hasShadowParts(el: Element): boolean {
    let parts = this.shadowParts.get(el);
    if (parts === undefined) {
      parts = this.hostSeen ? hasShadowParts(el) : subtreeHasShadowHost(el);
      if (parts) this.hostSeen = true;
      this.shadowParts.set(el, parts);
    }
    return parts;
  }

  /** The rendered children; of an element that is no host, before any host was met, simply the children. */
  private childNodesOf(el: Element): Iterable<Node> {
    return this.rendersComposed(el) ? renderedChildNodes(el) : el.childNodes;
  }

  private childrenOf(el: Element): Iterable<Element> {
    return this.rendersComposed(el) ? renderedChildren(el) : el.children;
  }

  /**
   * A same-origin iframe is read in place, as a container holding the frame's body; one the page may not read is
   * named in `frames` and skipped. Returns whether the frame was read.
   */
  private readFrame(frame: Element, ctx: Context): boolean {
    const info = this.getInfo(frame);
    if (info.display === 'none' || info.visibility === 'hidden') return false;
    const access = frameAccess(frame);
    if ('note' in access) {
      this.frames.push(access.note);
      return false;
    }
    const { doc } = access;
    // An empty frame (an ad slot, about:blank) adds nothing and must not turn the page into a composed one.
    if (!doc.body || !this.hasContent([...doc.body.childNodes])) return false;
    this.frames.push({ src: frame.getAttribute('src') || 'about:srcdoc', read: true });
    this.composed = true;
    this.frameOrigins.set(doc, frameOrigin(frame, { x: this.win.scrollX, y: this.win.scrollY }));
    const index = this.frames.length;
    const node = this.addNode(frame, ctx.node, ctx);
    const copy = this.copyDoc.createElement('div');
    copy.setAttribute('data-pith-frame', String(index));
    ctx.copy.append(copy);
    this.walk(doc.body, { ...ctx, node, copy, depth: ctx.depth + 1, path: `${ctx.path}>iframe:${index}>body` });
    return true;
  }

  private hasContent(nodes: Node[]): boolean {
    for (const n of nodes) {
      if (n.nodeType === Node.TEXT_NODE) {
        if ((n.textContent ?? '').trim()) return true;
      } else if (isElementNode(n)) {
        if (n.localName === 'img' || n.localName === 'picture' || n.localName === 'video') return true;
        if ((n.textContent ?? '').trim() || n.querySelector('img, video, math')) return true;
      }
    }
    return false;
  }

  /** GCE's link containers: a link, or a parent of a link that has it as its single child, recursively. */
  private collectLinks(nodes: Node[]): void {
    for (const n of nodes) {
      if (!isElementNode(n)) continue;
      // Most elements of a run (<b>, <em>, <span>) hold only text: no link below them to look for.
      if (n.localName !== 'a' && n.firstElementChild === null) continue;
      const anchors = n.localName === 'a' ? [n] : [...n.querySelectorAll('a[href]')];
      for (const a of anchors) {
        if (!a.hasAttribute('href')) continue;
        let container: Element = a;
        // An only child is its parent's first and last: childElementCount counts every sibling, each time it is read.
        for (let up = a.parentElement; up && up !== this.doc.body && up.firstElementChild === up.lastElementChild; up = up.parentElement) {
          container = up;
        }
        this.linkContainers.add(container);
      }
    }
  }

  private textOf(el: Element, nodes: Node[], anonymous: boolean, kind: BlockKind): string {
    if (kind === 'code') return ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/^\n+|\s+$/g, '');
    if (!anonymous) return normalise((el as HTMLElement).innerText ?? el.textContent ?? '');
    return normalise(
      nodes.map((n) => (isElementNode(n) && 'innerText' in n ? (n as HTMLElement).innerText : n.nodeType === Node.TEXT_NODE ? n.textContent : ' ') ?? '').join(''),
    );
  }

  private kindOf(el: Element, text: string, images: BlockImage[]): BlockKind {
    const tag = el.localName;
    if (/^h[1-6]$/.test(tag) || el.getAttribute('role') === 'heading') return 'heading';
    if (tag === 'li' || tag === 'dt' || tag === 'dd') return 'list-item';
    if (tag === 'blockquote') return 'quote';
    if (!text && images.length > 0) return 'image';
    return 'text';
  }

  private addBlock(el: Element, nodes: Node[], ctx: Context, anonymous: boolean, path: string, copy: Element, atomic?: BlockKind): void {
    const id = this.blocks.length;
    copy.setAttribute('data-pith-block', String(id));
    let rect: Rect;
    // A display formula left as TeX in a script has no box: it stands where it is, as wide as its parent.
    const texOnly = anonymous && this.loneTexSeen && nodes.some(isElementNode) && nodes.every((n) => (isElementNode(n) ? n.localName === 'script' : !(n.textContent ?? '').trim()));
    if (texOnly) {
      const before = nodes[0].previousSibling ? this.range : null;
      before?.setStartBefore(el);
      before?.setEndBefore(nodes[0]);
      const parent = this.elementRect(el);
      const top = before ? this.rectOf(before) : parent;
      rect = { x: parent.x, y: top.y + top.height, width: parent.width, height: 24 };
      atomic = 'math';
    } else if (anonymous) {
      this.range.setStartBefore(nodes[0]);
      this.range.setEndAfter(nodes[nodes.length - 1]);
      rect = this.rectOf(this.range);
    } else {
      rect = this.elementRect(el);
    }
    let textArea = 0;
    let linkArea = 0;
    let linkTextLength = 0;
    let linkCount = 0;
    const images: BlockImage[] = [];
    let imagesAwaitingLoader = 0;
    const shadowed = nodes.some((n) => isElementNode(n) && this.hasShadowParts(n));
    for (const root of nodes) {
      for (const n of shadowed ? renderedNodes(root) : subtreeNodes(root)) {
        // One node-type test per node: this loop visits every node of every block.
        const type = n.nodeType;
        if (type === Node.TEXT_NODE) {
          const length = (n.nodeValue ?? '').trim().length;
          if (!length) continue;
          this.textNodes++;
          this.range.selectNodeContents(n);
          const r = this.range.getBoundingClientRect();
          textArea += r.width * r.height;
          if (this.inLink(n.parentElement)) linkTextLength += length;
          continue;
        }
        if (type !== Node.ELEMENT_NODE) continue;
        const tag = (n as Element).localName;
        if (tag === 'a' && (n as Element).hasAttribute('href')) {
          linkCount++;
          linkArea += area(this.elementRect(n as Element));
        } else if (tag === 'img') {
          const img = n as HTMLImageElement;
          const src = this.urls.imageSrc(img);
          if (src) images.push({ src, alt: img.alt ?? '', width: img.width, height: img.height });
          if (src && this.urls.waitsForLoader(img)) imagesAwaitingLoader++;
        }
      }
    }
    const ownerInfo = this.getInfo(el);
    // Collapsed <details> content is part of the text (a reader shows it expanded) though it has no layout now.
    const collapsed = el.closest('details:not([open])') !== null && !el.closest('summary');
    // innerText is empty under visibility:hidden, yet the text is there (a page may hide its article until a script runs).
    const unrendered = collapsed || ownerInfo.visibility !== 'visible';
    let text = texOnly
      ? normalise(nodes.map((n) => n.textContent ?? '').join(' '))
      : shadowed
      ? normalise(nodes.map((n) => (isElementNode(n) ? renderedText(n) : n.textContent ?? '')).join(' '))
      : unrendered
        ? normalise(nodes.map((n) => n.textContent ?? '').join(' '))
        : this.textOf(el, nodes, anonymous, atomic ?? 'text');
    // MathJax's CommonHTML glyphs are often drawn by its stylesheet: the formula's characters are in their classes.
    if (!text && atomic === 'math') text = normalise(mathGlyphText(el));
    const kind = atomic ?? this.kindOf(el, text, images);
    const offscreen = rect.x + rect.width <= 0 || rect.y + rect.height <= 0;
    const tiny = rect.width <= 1 && rect.height <= 1;
    const hasRenderedImage = images.length > 0 && rect.width > 0;
    // A lazy image its loader has not filled yet waits transparent or without a size: it is shown once loaded.
    const awaitsLoader = imagesAwaitingLoader > 0 && imagesAwaitingLoader === images.length && !text && !ctx.transparent && !offscreen;
    const visible =
      collapsed ||
      (awaitsLoader && ownerInfo.visibility === 'visible') ||
      (ownerInfo.visibility === 'visible' &&
      !ownerInfo.transparent &&
      !ctx.transparent &&
      !offscreen &&
      (!tiny || hasRenderedImage) &&
      (area(rect) > 0 || hasRenderedImage));
    const langEl = el.closest('[lang]');
    const lang = (langEl?.getAttribute('lang') ?? '').toLowerCase();
    const block: Block = {
      id,
      kind,
      path,
      tag: el.localName,
      node: ctx.node,
      anonymous,
      text,
      rect,
      textArea,
      visible,
      fixed: ctx.fixedNode >= 0,
      fixedNode: ctx.fixedNode,
      linkArea,
      linkTextLength,
      linkCount,
      fontSize: ownerInfo.fontSize,
      fontWeight: ownerInfo.fontWeight,
      depth: ctx.depth + (anonymous ? 1 : 0),
      images,
    };
    if (kind === 'heading') {
      const level = /^h([1-6])$/.exec(el.localName)?.[1] ?? el.getAttribute('aria-level') ?? '2';
      block.headingLevel = Number(level);
    }
    if (lang && lang !== this.pageLang) block.lang = lang;
    this.blocks.push(block);
    this.dom.set(id, nodes);
  }

  /** Link containers as snapshot records, attributed to their nearest enclosing node. */
  links(): SnapshotLink[] {
    const out: SnapshotLink[] = [];
    for (const container of this.linkContainers) {
      let el: Element | null = container;
      let node = -1;
      while (el && node < 0) {
        node = this.nodeOf.get(el) ?? -1;
        el = el.parentElement;
      }
      const rect = this.elementRect(container);
      if (area(rect) > 0) out.push({ rect, node: Math.max(node, 0) });
    }
    return out;
  }

  /** The copy's outer element stands for <body>, so a page whose body is itself one block keeps its marker. */
  copyHtml(root: Element): string {
    return root.outerHTML;
  }
}

/** `root` and the elements and text nodes below it, in document order. */
function subtreeNodes(root: Node): Node[] {
  if (root.firstChild === null) return [root]; // a text node, an empty element: no walker needed
  const walker = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const out: Node[] = [];
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) out.push(n);
  return out;
}

/**
 * Whether the page is laid out as its author meant: false when it links stylesheets of which none loaded (a saved
 * page, blocked CSS), or has no styling at all. GCE reads layout, so it only decides when this holds.
 */
function hasAuthorLayout(doc: Document): boolean {
  const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')];
  if (linked.length > 0) return linked.some((link) => link.sheet !== null);
  return doc.styleSheets.length > 0 || doc.querySelector('[style]') !== null;
}

/** Reads the rendered page into a PageSnapshot. Must run in a document with layout (a real browser tab). */
export function takeSnapshot(doc: Document, budget: ReadBudget = DEFAULT_READ_BUDGET): SnapshotResult {
  const meter = new BudgetMeter(budget);
  const restore = revealSelfHiddenPage(doc);
  try {
    return readPage(doc, meter);
  } finally {
    restore();
  }
}

function readPage(doc: Document, meter: BudgetMeter): SnapshotResult {
  const started = performance.now();
  const win = doc.defaultView ?? window;
  const body = doc.body ?? doc.documentElement;
  const walker = new SnapshotWalker(doc, doc.baseURI, meter);
  const copyBody = walker.copyDoc.body;
  const bodyCopy = walker.copyDoc.createElement('div');
  const bodyNode = walker.addNode(body, -1, null);
  walker.walk(body, { node: bodyNode, copy: bodyCopy, depth: 1, path: 'body', fixedNode: -1, transparent: false, inTable: false });
  const html = doc.documentElement;
  const bodyDir = win.getComputedStyle(body).direction;
  const dir = (html.getAttribute('dir') || body.getAttribute('dir') || bodyDir || 'ltr').toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
  const snapshot: PageSnapshot = {
    url: doc.URL,
    lang: html.lang || doc.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content') || '',
    dir,
    metadata: currentViewMetadata(readMetadata(doc), doc),
    viewport: { width: win.innerWidth, height: win.innerHeight },
    document: {
      width: Math.max(html.scrollWidth, body.scrollWidth),
      height: Math.max(html.scrollHeight, body.scrollHeight),
    },
    styled: hasAuthorLayout(doc),
    nodes: walker.nodes,
    blocks: walker.blocks,
    links: walker.links(),
    html: walker.copyHtml(bodyCopy),
    stats: { elements: walker.elements, textNodes: walker.textNodes, ms: 0, truncated: walker.truncated },
  };
  copyBody.append(bodyCopy);
  rememberCopyTree(snapshot, copyBody);
  if (meter.limit) snapshot.stats.limit = meter.limit;
  if (walker.frames.length) snapshot.frames = walker.frames;
  if (walker.composed) snapshot.composed = true;
  if (doc.contentType && doc.contentType !== 'text/html') snapshot.contentType = doc.contentType;
  snapshot.stats.ms = performance.now() - started;
  return { snapshot, dom: walker.dom };
}
