/** What the removal rules know about a page: per-element text and link totals, and where the article sits. */
import type { Block, PageSnapshot } from '../snapshot/types';
import type { Region } from './types';

/** How an element relates to the article container. */
export const Relation = {
  elsewhere: 0,
  inside: 1,
  /** The container itself or one of its ancestors: its words describe the whole page, not a part of it. */
  around: 2,
} as const;

export interface PageView {
  snapshot: PageSnapshot;
  /** The article container's node, -1 when there is none. */
  container: number;
  relation: Uint8Array;
  textLength: Float64Array;
  linkLength: Float64Array;
  blockCount: Int32Array;
  firstBlock: Int32Array;
  /** Kept blocks (for describing the container). */
  keptCount: number;
  /**
   * The page is a listing or collection (its profile reads the rules): there a bare line of page numbers or a short
   * "Grid" / "Sort" control is the page's own chrome, and the rules for those pieces are stricter.
   */
  itemsPage: boolean;
  region(node: number): Region;
}

/** The lowest node that holds every given node; -1 for none. */
export function commonAncestor(snapshot: PageSnapshot, nodes: Iterable<number>): number {
  let chain: number[] | null = null;
  for (const start of nodes) {
    const path: number[] = [];
    for (let v = start; v >= 0; v = snapshot.nodes[v]?.parent ?? -1) path.push(v);
    path.reverse();
    if (chain === null) {
      chain = path;
      continue;
    }
    let i = 0;
    while (i < chain.length && i < path.length && chain[i] === path[i]) i++;
    chain = chain.slice(0, i);
  }
  return chain && chain.length > 0 ? chain[chain.length - 1]! : -1;
}

function splitTokens(hint: string): string[] {
  return hint.split(/\s+/).filter((t) => t.length > 0);
}

/** Per-element totals of a snapshot: they do not depend on where the article sits. */
interface PageTotals {
  textLength: Float64Array;
  linkLength: Float64Array;
  blockCount: Int32Array;
  firstBlock: Int32Array;
  region(node: number): Region;
}

/** A snapshot does not change once taken: the removal rules and the cause pass share its totals. */
const totalsBySnapshot = new WeakMap<PageSnapshot, PageTotals>();

function pageTotals(snapshot: PageSnapshot): PageTotals {
  const cached = totalsBySnapshot.get(snapshot);
  if (cached) return cached;
  const n = snapshot.nodes.length;
  const textLength = new Float64Array(n);
  const linkLength = new Float64Array(n);
  const blockCount = new Int32Array(n);
  const firstBlock = new Int32Array(n).fill(-1);
  for (const b of snapshot.blocks) {
    if (b.node < 0 || b.node >= n) continue;
    textLength[b.node] += b.text.length;
    linkLength[b.node] += Math.min(b.linkTextLength, b.text.length);
    blockCount[b.node]++;
    if (firstBlock[b.node] < 0) firstBlock[b.node] = b.id;
  }
  // A parent is always recorded before its children, so one pass from the end adds every subtree up.
  for (let v = n - 1; v > 0; v--) {
    const p = snapshot.nodes[v]!.parent;
    if (p < 0 || p >= v) continue;
    textLength[p] += textLength[v];
    linkLength[p] += linkLength[v];
    blockCount[p] += blockCount[v];
    if (firstBlock[v] >= 0 && (firstBlock[p] < 0 || firstBlock[v] < firstBlock[p])) firstBlock[p] = firstBlock[v];
  }
  const inArticle = new Uint8Array(n);
  for (let v = 1; v < n; v++) {
    const node = snapshot.nodes[v]!;
    const p = node.parent;
    inArticle[v] = (p >= 0 && (inArticle[p] || snapshot.nodes[p]!.tag === 'article' || snapshot.nodes[p]!.tag === 'main')) ? 1 : 0;
  }
  const regions = new Map<number, Region>();
  const totals: PageTotals = {
    textLength,
    linkLength,
    blockCount,
    firstBlock,
    region(node: number): Region {
      let region = regions.get(node);
      if (!region) {
        const first = firstBlock[node]!;
        region = {
          node: snapshot.nodes[node]!,
          tokens: splitTokens(snapshot.nodes[node]!.hint),
          linkShare: textLength[node]! > 0 ? linkLength[node]! / textLength[node]! : 0,
          textLength: textLength[node]!,
          firstBlock: first >= 0 ? snapshot.blocks[first] : undefined,
          inArticle: inArticle[node] === 1,
        };
        regions.set(node, region);
      }
      return region;
    },
  };
  totalsBySnapshot.set(snapshot, totals);
  return totals;
}

export function buildPageView(snapshot: PageSnapshot, container: number, keptCount: number, itemsPage = false): PageView {
  const n = snapshot.nodes.length;
  const relation = new Uint8Array(n);
  if (container >= 0) {
    for (let v = container; v >= 0; v = snapshot.nodes[v]?.parent ?? -1) relation[v] = Relation.around;
    for (let v = container + 1; v < n; v++) {
      const p = snapshot.nodes[v]!.parent;
      if (p === container || (p >= 0 && relation[p] === Relation.inside)) relation[v] = Relation.inside;
    }
  } else {
    relation[0] = Relation.around;
  }
  const totals = pageTotals(snapshot);
  return {
    snapshot,
    container,
    relation,
    textLength: totals.textLength,
    linkLength: totals.linkLength,
    blockCount: totals.blockCount,
    firstBlock: totals.firstBlock,
    keptCount,
    itemsPage,
    region: totals.region,
  };
}

export function blockLinkShare(block: Block): number {
  return block.text.length > 0 ? Math.min(1, block.linkTextLength / block.text.length) : 0;
}
