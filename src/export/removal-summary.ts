/** The "What was removed" summary appended to the Markdown and HTML exports when asked for. */
import type { Extraction } from '../pipeline/types';
import { placeNames } from '../render/place-names';
import { removalSummary } from '../render/removal-summary';
import { escapeHtml } from './escape';

export const SUMMARY_HEADING = 'What was removed';

function groupsOf(extraction: Extraction) {
  return removalSummary(extraction.snapshot.blocks, extraction.record, placeNames(extraction.snapshot, extraction.record));
}

export function markdownRemovalSummary(extraction: Extraction): string {
  const groups = groupsOf(extraction);
  const lines = groups.length === 0 ? ['Nothing was removed.'] : groups.map((g) => `- ${g.label}: ${g.pieces.length}`);
  return `\n---\n\n## ${SUMMARY_HEADING}\n\n${lines.join('\n')}\n`;
}

export function htmlRemovalSummary(extraction: Extraction): string {
  const groups = groupsOf(extraction);
  const items = groups.length === 0
    ? '<li>Nothing was removed.</li>'
    : groups.map((g) => `<li data-cause="${escapeHtml(g.cause)}">${escapeHtml(g.label)}: ${g.pieces.length}</li>`).join('\n');
  return `<section class="pith-removal-summary">\n<h2>${SUMMARY_HEADING}</h2>\n<ul>\n${items}\n</ul>\n</section>\n`;
}
