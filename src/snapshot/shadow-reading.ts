/**
 * Which children the walk reads: the rendered ones (shadow roots, slots) once a shadow host was met, else simply the
 * element's children, so a page without shadow trees pays nothing for them.
 */
import { hasShadowParts, renderedChildNodes, renderedChildren, shadowRootOf, subtreeHasShadowHost } from './composed-tree';

export class ShadowReading {
  /**
   * Whether a shadow host was met (by the walk, or in a block's subtree). Until then no element read can be inside a
   * shadow tree, and the plain DOM paths read what is rendered.
   */
  private hostSeen = false;
  private readonly shadowParts = new Map<Element, boolean>();

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
  hasShadowParts(el: Element): boolean {
    let parts = this.shadowParts.get(el);
    if (parts === undefined) {
      parts = this.hostSeen ? hasShadowParts(el) : this.hostInSubtree(el);
      if (parts) this.hostSeen = true;
      this.shadowParts.set(el, parts);
    }
    return parts;
  }

  /**
   * `subtreeHasShadowHost`, reusing the answers already given for the element's children: a block's copy asks about
   * its children before the block asks about its element, and a second scan of the same subtree was a tenth of a cold
   * extraction's time. Asked only while no host was met, so every answer remembered for a child is its subtree's.
   */
  private hostInSubtree(el: Element): boolean {
    if (shadowRootOf(el) !== null) return true;
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      if (this.shadowParts.get(child) ?? subtreeHasShadowHost(child)) return true;
    }
    return false;
  }

  /** The rendered children; of an element that is no host, before any host was met, simply the children. */
  childNodesOf(el: Element): Iterable<Node> {
    return this.rendersComposed(el) ? renderedChildNodes(el) : el.childNodes;
  }

  childrenOf(el: Element): Iterable<Element> {
    return this.rendersComposed(el) ? renderedChildren(el) : el.children;
  }
}
