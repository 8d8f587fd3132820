/**
 * GCE's link containers (`PageSnapshot.links`): a link, or a parent of a link that has it as its single child,
 * recursively; gathered from the runs the walk reads, recorded with the nearest enclosing snapshot node.
 */
import { isElementNode } from './composed-tree';
import { area, type PageGeometry } from './page-geometry';
import type { SnapshotLink } from './types';

export class LinkContainers {
  private readonly containers = new Set<Element>();

  constructor(private readonly doc: Document) {}

  collect(nodes: Node[]): void {
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
        this.containers.add(container);
      }
    }
  }

  /** The containers as snapshot records, attributed to their nearest enclosing node (`nodeOf`). */
  records(nodeOf: ReadonlyMap<Element, number>, geometry: PageGeometry): SnapshotLink[] {
    const out: SnapshotLink[] = [];
    for (const container of this.containers) {
      let el: Element | null = container;
      let node = -1;
      while (el && node < 0) {
        node = nodeOf.get(el) ?? -1;
        el = el.parentElement;
      }
      const rect = geometry.elementRect(container);
      if (area(rect) > 0) out.push({ rect, node: Math.max(node, 0) });
    }
    return out;
  }
}
