import { emptyMetadata } from '../../../src/snapshot/metadata';
import type { Block, BlockKind, PageSnapshot, Rect, SnapshotLink, SnapshotNode } from '../../../src/snapshot/types';

export function rect(x: number, y: number, width: number, height: number): Rect {
  return { x, y, width, height };
}

export interface NodeOptions {
  hint?: string;
  fixed?: boolean;
  visible?: boolean;
  label?: string;
  form?: SnapshotNode['form'];
}

export interface BlockOptions {
  kind?: BlockKind;
  /** Characters of the text that are link text. */
  linkText?: number;
  visible?: boolean;
  /** Defaults to the rect's area (the text fills its box). */
  textArea?: number;
  images?: number;
}

/**
 * Builds a small PageSnapshot by hand. Body (node 0) spans the document. `fixed` and `fixedNode` of blocks are
 * derived from the node chain, as the real snapshot does.
 */
export class SnapshotBuilder {
  readonly nodes: SnapshotNode[] = [];
  readonly blocks: Block[] = [];
  readonly links: SnapshotLink[] = [];

  constructor(
    readonly viewport = { width: 1920, height: 1080 },
    readonly document = { width: 1920, height: 1080 },
  ) {
    this.nodes.push({
      id: 0,
      parent: -1,
      tag: 'body',
      hint: '',
      rect: rect(0, 0, document.width, document.height),
      depth: 1,
      fixed: false,
      visible: true,
      childElementCount: 0,
    });
  }

  get body(): number {
    return 0;
  }

  node(parent: number, tag: string, r: Rect, options: NodeOptions = {}): number {
    const id = this.nodes.length;
    this.nodes.push({
      id,
      parent,
      tag,
      hint: options.hint ?? '',
      rect: r,
      depth: this.nodes[parent]!.depth + 1,
      fixed: options.fixed ?? false,
      visible: options.visible ?? true,
      childElementCount: 0,
      ...(options.label ? { label: options.label } : {}),
      ...(options.form ? { form: options.form } : {}),
    });
    this.nodes[parent]!.childElementCount++;
    return id;
  }

  block(node: number, r: Rect, text: string, options: BlockOptions = {}): number {
    const id = this.blocks.length;
    let fixedNode = -1;
    for (let v = node; v >= 0; v = this.nodes[v]!.parent) if (this.nodes[v]!.fixed) fixedNode = v;
    const linkText = options.linkText ?? 0;
    this.blocks.push({
      id,
      kind: options.kind ?? 'text',
      path: `body>${this.nodes[node]!.tag}:${id}`,
      tag: this.nodes[node]!.tag,
      node,
      anonymous: false,
      text,
      rect: r,
      textArea: options.textArea ?? (text.length > 0 ? r.width * r.height : 0),
      visible: options.visible ?? true,
      fixed: fixedNode >= 0,
      fixedNode,
      linkArea: linkText > 0 && text.length > 0 ? (r.width * r.height * linkText) / text.length : 0,
      linkTextLength: linkText,
      linkCount: linkText > 0 ? 1 : 0,
      fontSize: 16,
      fontWeight: 400,
      depth: this.nodes[node]!.depth + 1,
      images: Array.from({ length: options.images ?? 0 }, () => ({ src: 'https://example.com/i.png', alt: '', width: 10, height: 10 })),
    });
    return id;
  }

  /** A paragraph element with one text block filling it. */
  paragraph(parent: number, r: Rect, text = 'Plain paragraph text of the article body.', options: BlockOptions = {}): number {
    const p = this.node(parent, 'p', r);
    return this.block(p, r, text, options);
  }

  link(node: number, r: Rect): void {
    this.links.push({ node, rect: r });
  }

  /** A list of n links stacked (vertical) or side by side (horizontal) filling `r`, each in an <a> node. */
  linkList(parent: number, r: Rect, n: number, direction: 'vertical' | 'horizontal' = 'vertical'): number[] {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const lr =
        direction === 'vertical'
          ? rect(r.x, r.y + (i * r.height) / n, r.width, r.height / n)
          : rect(r.x + (i * r.width) / n, r.y, r.width / n, r.height);
      const a = this.node(parent, 'a', lr);
      this.link(a, lr);
      ids.push(this.block(a, lr, `Link ${i}`, { linkText: `Link ${i}`.length, kind: 'list-item' }));
    }
    return ids;
  }

  build(): PageSnapshot {
    return {
      url: 'https://example.com/page',
      lang: 'en',
      dir: 'ltr',
      metadata: emptyMetadata(),
      viewport: { ...this.viewport },
      document: { ...this.document },
      styled: true,
      nodes: this.nodes,
      blocks: this.blocks,
      links: this.links,
      html: '',
      stats: { elements: this.nodes.length, textNodes: this.blocks.length, ms: 0, truncated: false },
    };
  }
}

/** A menu line above an <article> of six long paragraphs: the layout finds the article's container. */
export function menuAndArticle(): PageSnapshot {
  const b = new SnapshotBuilder();
  b.block(b.body, rect(0, 0, 1000, 40), 'Home · News · Sport · Weather');
  const main = b.node(b.body, 'article', rect(0, 100, 1000, 1000));
  for (let i = 0; i < 6; i++) b.block(main, rect(0, 100 + i * 100, 1000, 90), `Paragraph ${i} of the article, which goes on for a while. `.repeat(6));
  return b.build();
}
