/** Plain-text export: the kept blocks' text, paragraphs separated by blank lines (what the benchmark scores). */
import { keptText } from '../decisions/record';
import type { Extraction } from '../pipeline/types';

export function toPlainText(extraction: Extraction): string {
  return keptText(extraction.snapshot.blocks, extraction.record);
}
