import type { Block, BlockKind } from './types';

/** A visible text block with no links or images, for blocks a stage adds (and for tests); `fields` set the rest. */
export function textBlock(id: number, kind: BlockKind, text: string, fields: Partial<Block> = {}): Block {
  return {
    id,
    kind,
    path: `body>p:${id}`,
    tag: kind === 'heading' ? 'h2' : 'p',
    node: 0,
    anonymous: false,
    text,
    rect: { x: 0, y: 0, width: 100, height: 20 },
    textArea: 0,
    visible: true,
    fixed: false,
    fixedNode: -1,
    linkArea: 0,
    linkTextLength: 0,
    linkCount: 0,
    fontSize: 16,
    fontWeight: 400,
    depth: 1,
    images: [],
    ...fields,
  };
}
