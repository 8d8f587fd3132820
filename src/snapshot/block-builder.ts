/**
 * A block as the stages read it (`PageSnapshot.blocks`): its rect, text, kind, link and image measures, visibility
 * and language, taken from the element (or the run of nodes) the walk hands over.
 */
import { isElementNode, renderedNodes, renderedText } from './composed-tree';
import type { StyleReader } from './element-style';
import { namedFigurePicture, type UrlResolver } from './images';
import { area, type PageGeometry } from './page-geometry';
import type { PageCopier } from './page-copy';
import type { ShadowReading } from './shadow-reading';
import { mathGlyphText } from './math-glyphs';
import { normaliseSpace } from './text';
import type { Block, BlockImage, BlockKind, Rect } from './types';
import { imageSize, insideClippedWrapper, isPixel, isUnloadedImage } from './unloaded-images';
import type { WalkContext } from './walker';

/** Live DOM behind each block (for the annotator and highlighting): the element, or the run of nodes. */
export type BlockDomMap = Map<number, Node[]>;

const normalise = normaliseSpace;

/** `root` and the elements and text nodes below it, in document order. */
function subtreeNodes(root: Node): Node[] {
  if (root.firstChild === null) return [root]; // a text node, an empty element: no walker needed
  const walker = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const out: Node[] = [];
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) out.push(n);
  return out;
}

function textOf(el: Element, nodes: Node[], anonymous: boolean, kind: BlockKind): string {
  if (kind === 'code') return ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/^\n+|\s+$/g, '');
  if (!anonymous) return normalise((el as HTMLElement).innerText ?? el.textContent ?? '');
  return normalise(
    nodes.map((n) => (isElementNode(n) && 'innerText' in n ? (n as HTMLElement).innerText : n.nodeType === Node.TEXT_NODE ? n.textContent : ' ') ?? '').join(''),
  );
}

function kindOf(el: Element, text: string, images: BlockImage[]): BlockKind {
  const tag = el.localName;
  if (/^h[1-6]$/.test(tag) || el.getAttribute('role') === 'heading') return 'heading';
  if (tag === 'li' || tag === 'dt' || tag === 'dd') return 'list-item';
  if (tag === 'blockquote') return 'quote';
  if (!text && images.length > 0) return 'image';
  return 'text';
}

export class BlockBuilder {
  readonly blocks: Block[] = [];
  readonly dom: BlockDomMap = new Map();
  textNodes = 0;
  private readonly inLinkMemo = new Map<Element, boolean>();
  private readonly range: Range;
  private readonly pageLang: string;

  constructor(
    doc: Document,
    private readonly geometry: PageGeometry,
    private readonly styles: StyleReader,
    private readonly shadow: ShadowReading,
    private readonly copier: PageCopier,
    private readonly urls: UrlResolver,
  ) {
    this.range = doc.createRange();
    this.pageLang = (doc.documentElement.lang || '').toLowerCase();
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

  /** A figure whose lazy loader has not drawn its picture yet shows, in the copy, the picture it names. */
  private addNamedPicture(figure: Element, copy: Element, images: BlockImage[]): void {
    const src = this.urls.absolute(namedFigurePicture(figure));
    if (!src) return;
    images.push({ src, alt: '', width: 0, height: 0 });
    const img = this.copier.copyDoc.createElement('img');
    img.setAttribute('src', src);
    copy.prepend(img);
  }

  /**
   * Adds the block made of `nodes` (the element `el` itself, or an anonymous run of its children) and marks its copy.
   * `atomic` is the kind of a unit read whole.
   */
  add(el: Element, nodes: Node[], ctx: WalkContext, anonymous: boolean, path: string, copy: Element, atomic?: BlockKind): Block {
    const id = this.blocks.length;
    copy.setAttribute('data-pith-block', String(id));
    let rect: Rect;
    // A display formula left as TeX in a script has no box: it stands where it is, as wide as its parent.
    const texOnly = anonymous && this.copier.loneTexSeen && nodes.some(isElementNode) && nodes.every((n) => (isElementNode(n) ? n.localName === 'script' : !(n.textContent ?? '').trim()));
    if (texOnly) {
      const before = nodes[0].previousSibling ? this.range : null;
      before?.setStartBefore(el);
      before?.setEndBefore(nodes[0]);
      const parent = this.geometry.elementRect(el);
      const top = before ? this.geometry.rectOf(before) : parent;
      rect = { x: parent.x, y: top.y + top.height, width: parent.width, height: 24 };
      atomic = 'math';
    } else if (anonymous) {
      this.range.setStartBefore(nodes[0]);
      this.range.setEndAfter(nodes[nodes.length - 1]);
      rect = this.geometry.rectOf(this.range);
    } else {
      rect = this.geometry.elementRect(el);
    }
    let textArea = 0;
    let linkArea = 0;
    let linkTextLength = 0;
    let linkCount = 0;
    const images: BlockImage[] = [];
    let imagesAwaitingLoader = 0;
    let imagesNotLoaded = 0;
    let pixelImages = 0;
    const shadowed = nodes.some((n) => isElementNode(n) && this.shadow.hasShadowParts(n));
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
          linkArea += area(this.geometry.elementRect(n as Element));
        } else if (tag === 'img') {
          const img = n as HTMLImageElement;
          const src = this.urls.imageSrc(img);
          if (src) images.push({ src, alt: img.alt ?? '', ...imageSize(img) });
          // Each image counts once: a pixel or hidden image, else one its lazy loader will fill, else one not loaded.
          if (this.styles.known(img)?.display === 'none' || isPixel(img, this.geometry)) pixelImages++;
          else if (src && this.urls.waitsForLoader(img)) imagesAwaitingLoader++;
          else if (isUnloadedImage(img, src, this.geometry)) imagesNotLoaded++;
        }
      }
    }
    if (atomic === 'figure' && images.length === 0) this.addNamedPicture(el, copy, images);
    const ownerInfo = this.styles.of(el);
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
        : textOf(el, nodes, anonymous, atomic ?? 'text');
    // MathJax's CommonHTML glyphs are often drawn by its stylesheet: the formula's characters are in their classes.
    if (!text && atomic === 'math') text = normalise(mathGlyphText(el));
    const kind = atomic ?? kindOf(el, text, images);
    const offscreen = rect.x + rect.width <= 0 || rect.y + rect.height <= 0;
    const tiny = rect.width <= 1 && rect.height <= 1;
    const hasRenderedImage = images.length > 0 && rect.width > 0;
    // A lazy image its loader has not filled yet waits transparent or without a size: it is shown once loaded.
    const awaitsLoader = imagesAwaitingLoader > 0 && imagesAwaitingLoader === images.length && !text && !ctx.transparent && !offscreen;
    // An image that has not loaded and declares no size has no box yet: it is shown once it loads.
    const notLoaded =
      imagesNotLoaded > 0 &&
      imagesNotLoaded + imagesAwaitingLoader + pixelImages === images.length &&
      !text &&
      !ctx.transparent &&
      !ownerInfo.transparent &&
      rect.x + rect.width >= 0 &&
      rect.y + rect.height >= 0 &&
      !insideClippedWrapper(el, this.geometry);
    // Nothing but tracking pixels, spacers and hidden images: nothing a reader sees.
    const onlyPixels = pixelImages > 0 && pixelImages === images.length && !text;
    const visible =
      !onlyPixels && (collapsed ||
      ((awaitsLoader || notLoaded) && ownerInfo.visibility === 'visible') ||
      (ownerInfo.visibility === 'visible' &&
      !ownerInfo.transparent &&
      !ctx.transparent &&
      !offscreen &&
      (!tiny || hasRenderedImage) &&
      (area(rect) > 0 || hasRenderedImage)));
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
    return block;
  }
}
