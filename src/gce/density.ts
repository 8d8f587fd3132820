import type { PageSnapshot } from '../snapshot/types';
import { area } from './geometry';
import type { PageIndex } from './page-index';

/** Text-node-area density: low-link text area under the node / the node's area. */
export function textDensity(snapshot: PageSnapshot, index: PageIndex, node: number): number {
  const a = area(snapshot.nodes[node]!.rect);
  return a > 0 ? index.lowLinkTextArea[node]! / a : 0;
}
