import type { PageSnapshot } from '../../../src/snapshot/types';
import { takeSnapshot } from '../../../src/snapshot/take-snapshot';

/** The snapshot of a whole HTML page written into the test document, every block visible (happy-dom lays nothing out). */
export function pageSnapshot(html: string): PageSnapshot {
  document.open();
  document.write(html);
  document.close();
  const { snapshot } = takeSnapshot(document);
  for (const block of snapshot.blocks) block.visible = true;
  return snapshot;
}
