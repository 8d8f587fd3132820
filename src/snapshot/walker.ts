/**
 * The walk over the rendered page: which elements are nodes, which are blocks (an element of inline content, a run
 * of inline children, a unit read whole), which are skipped, and where the read budget stops it. What each visited
 * piece becomes is left to the helpers: its style (element-style), rect (page-geometry), copy (page-copy), block
 * (block-builder) and links (link-containers).
 */
import { BlockBuilder } from './block-builder';
import type { BudgetMeter } from './budget';
import { isElementNode } from './composed-tree';
import { StyleReader } from './element-style';
import { formKind, hasContent, hintOf, INLINE_MATH_WRAPPERS, mayBeMath, SKIP_TAGS } from './element-traits';
import { embedCopy, showEmbed, shownEmbed } from './embeds';
import { frameAccess } from './frames';
import { UrlResolver } from './images';
import { LinkContainers } from './link-containers';
import { noscriptsToRead } from './noscript';
import { PageCopier } from './page-copy';
import { PageGeometry } from './page-geometry';
import { ShadowReading } from './shadow-reading';
import type { FrameNote, SnapshotLink, SnapshotNode } from './types';
import { atomicKind, unitSize } from './whole-units';

/** Where the walk is: the element's node and copy, and what it inherits from the elements around it. */
export interface WalkContext {
  node: number;
  copy: Element;
  depth: number;
  path: string;
  fixedNode: number;
  transparent: boolean;
  inTable: boolean;
}

export class SnapshotWalker {
  private readonly inlineMemo = new Map<Element, boolean>();
  private readonly nodeOf = new Map<Element, number>();
  readonly nodes: SnapshotNode[] = [];
  truncated = false;
  readonly frames: FrameNote[] = [];
  /** Whether anything was read from a shadow root, a slot or a frame (see PageSnapshot.composed). */
  composed = false;
  /** Elements inside units read whole (not styled one by one, yet read: copied, measured, their text taken). */
  private wholeUnitElements = 0;
  /** The noscripts the page shows as its content (it was parsed with scripting off); every other noscript is skipped. */
  private readonly noscripts: ReadonlySet<Element>;
  private readonly geometry: PageGeometry;
  private readonly styles: StyleReader;
  private readonly shadow = new ShadowReading();
  readonly copier: PageCopier;
  private readonly builder: BlockBuilder;
  private readonly linkContainers: LinkContainers;

  constructor(doc: Document, base: string, readonly meter: BudgetMeter) {
    const urls = new UrlResolver(base);
    this.noscripts = noscriptsToRead(doc);
    const win = doc.defaultView ?? window;
    this.geometry = new PageGeometry(doc, win);
    this.styles = new StyleReader(win, this.geometry);
    this.copier = new PageCopier(doc, urls, this.noscripts, this.styles, this.shadow);
    this.builder = new BlockBuilder(doc, this.geometry, this.styles, this.shadow, this.copier, urls);
    this.linkContainers = new LinkContainers(doc);
  }

  get elements(): number {
    return this.styles.count;
  }

  get blocks() {
    return this.builder.blocks;
  }

  get dom() {
    return this.builder.dom;
  }

  get textNodes(): number {
    return this.builder.textNodes;
  }

  /** Elements read so far, counting those inside units read whole (tables, figures, code): what the budget meters. */
  private get elementsRead(): number {
    return this.styles.count + this.wholeUnitElements;
  }

  private skipped(el: Element): boolean {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) && !this.noscripts.has(el)) return true;
    if (el.hasAttribute('hidden') && tag !== 'details') return true;
    return this.styles.of(el).display === 'none';
  }

  /** An element whose whole subtree is inline content (text, links, emphasis, inline images) joins its parent's run. */
  private isInlineSubtree(el: Element): boolean {
    const memo = this.inlineMemo.get(el);
    if (memo !== undefined) return memo;
    let inline = this.styles.isInlineLevel(el) && !atomicKind(el, this.styles);
    // An inline formula is part of its sentence, whatever its inside looks like: MathML's children are laid out as
    // "block math", renderers clip an absolutely positioned MathML copy inside their wrapper.
    if (inline && mayBeMath(el) && el.matches(INLINE_MATH_WRAPPERS)) {
      this.inlineMemo.set(el, true);
      return true;
    }
    if (inline) {
      for (const child of this.shadow.childrenOf(el)) {
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

  addNode(el: Element, parent: number, ctx: WalkContext | null): number {
    const info = this.styles.of(el);
    // Most elements have no attributes at all: then no attribute is asked for.
    const attributed = el.hasAttributes();
    const hint = attributed ? hintOf(el) : '';
    const id = this.nodes.length;
    this.nodes.push({
      id,
      parent,
      tag: el.localName,
      hint,
      rect: this.geometry.elementRect(el),
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

  walk(el: Element, ctx: WalkContext): void {
    let run: Node[] = [];
    let sawBlock = false;
    let runIndex = 0;
    const tagCounts = new Map<string, number>();
    const flush = (final: boolean) => {
      const nodes = run;
      run = [];
      if (nodes.length === 0) return;
      const anonymous = !final || sawBlock;
      this.linkContainers.collect(nodes);
      if (!hasContent(nodes)) {
        if (!anonymous) for (const n of this.copier.deepCopy(nodes)) ctx.copy.append(n);
        return;
      }
      sawBlock = true;
      if (anonymous) {
        const wrapper = this.copier.copyDoc.createElement(/^(h[1-6]|li|dt|dd|a|span|em|strong|b|i)$/.test(el.localName) ? 'span' : 'p');
        wrapper.append(...this.copier.deepCopy(nodes));
        ctx.copy.append(wrapper);
        this.builder.add(el, nodes, ctx, true, `${ctx.path}>#text:${runIndex++}`, wrapper);
      } else {
        const { content, marker } = this.copier.paragraphShell(ctx.copy);
        content.append(...this.copier.deepCopy(nodes));
        this.builder.add(el, [el], ctx, false, ctx.path, marker);
      }
    };

    let previousBr = false;
    const children = this.shadow.childNodesOf(el);
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
      const embed = child.localName === 'iframe' ? shownEmbed(child, this.styles) : null;
      // TeX that MathJax 2 never rendered (no frame): the formula is in the sentence, as its source.
      if (child.localName === 'script' && this.copier.isLoneTex(child)) {
        previousBr = false;
        run.push(child);
        continue;
      }
      // A rule between blocks stays in the copy (not a block): hand-written footnotes follow one.
      if (child.localName === 'hr' && run.length === 0 && this.styles.of(child).display !== 'none') ctx.copy.append(this.copier.copyDoc.createElement('hr'));
      if (!embed && this.skipped(child)) continue;
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
      const size = unitSize(child);
      const atomic = embed ? 'media' : this.meter.fits(this.elementsRead, size) ? atomicKind(child, this.styles) : null;
      if (atomic) {
        this.wholeUnitElements += size;
        flush(false);
        sawBlock = true;
        const node = this.addNode(child, ctx.node, ctx);
        const [copy] = embed ? [embedCopy(this.copier.copyDoc, embed)] : (this.copier.deepCopy([child]) as Element[]);
        ctx.copy.append(copy);
        const block = this.builder.add(child, [child], { ...ctx, node, depth: ctx.depth + 1 }, false, pathOf(), copy, atomic);
        if (embed) showEmbed(block, embed);
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
      const info = this.styles.of(child);
      const node = this.addNode(child, ctx.node, ctx);
      const isLayoutTable = child.localName === 'table';
      const copy = this.copier.shallowCopy(child, ctx.inTable || isLayoutTable);
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
   * A same-origin iframe is read in place, as a container holding the frame's body; one the page may not read is
   * named in `frames` and skipped. Returns whether the frame was read.
   */
  private readFrame(frame: Element, ctx: WalkContext): boolean {
    const info = this.styles.of(frame);
    if (info.display === 'none' || info.visibility === 'hidden') return false;
    const access = frameAccess(frame);
    if ('note' in access) {
      this.frames.push(access.note);
      return false;
    }
    const { doc } = access;
    // An empty frame (an ad slot, about:blank) adds nothing and must not turn the page into a composed one.
    if (!doc.body || !hasContent([...doc.body.childNodes])) return false;
    this.frames.push({ src: frame.getAttribute('src') || 'about:srcdoc', read: true });
    this.composed = true;
    this.geometry.addFrame(doc, frame);
    const index = this.frames.length;
    const node = this.addNode(frame, ctx.node, ctx);
    const copy = this.copier.copyDoc.createElement('div');
    copy.setAttribute('data-pith-frame', String(index));
    ctx.copy.append(copy);
    this.walk(doc.body, { ...ctx, node, copy, depth: ctx.depth + 1, path: `${ctx.path}>iframe:${index}>body` });
    return true;
  }

  /** Link containers as snapshot records, attributed to their nearest enclosing node. */
  links(): SnapshotLink[] {
    return this.linkContainers.records(this.nodeOf, this.geometry);
  }
}
