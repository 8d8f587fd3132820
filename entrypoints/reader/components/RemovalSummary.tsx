import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Extraction } from '@/src/pipeline/types';
import { RUN_ATTR, setRunExpanded } from '@/src/render/removed-markers';
import { placeNames } from '@/src/render/place-names';
import { removalSummary, type RemovalGroup } from '@/src/render/removal-summary';

/**
 * Jumps to a removed piece: turns "show removed" on, then (once the article shows removed blocks) scrolls the first
 * drawn block of the piece into view and focuses it, which opens its reason tooltip.
 */
export function useJumpToRemoved(html: string | null, setShowRemoved: (on: boolean) => void): (blocks: number[]) => void {
  const [pending, setPending] = useState<number[] | null>(null);
  useEffect(() => {
    if (!pending) return;
    const target = pending
      .map((id) => document.querySelector<HTMLElement>(`#pith-article .pith-removed[data-pith-block="${id}"]`))
      .find((el) => el !== null);
    if (!target) return; // the article has not been drawn with removed blocks yet
    setPending(null);
    const run = target.getAttribute(RUN_ATTR);
    const article = target.closest<HTMLElement>('#pith-article');
    if (run && article) setRunExpanded(article, run, true);
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [pending, html]);
  return (blocks) => {
    setShowRemoved(true);
    setPending(blocks);
  };
}

interface Props {
  extraction: Extraction;
  jump: (blocks: number[]) => void;
}

/** Pieces listed per group before "Show all". */
const FIRST_PIECES = 6;

function RemovalGroupList({ group, jump }: { group: RemovalGroup; jump: (blocks: number[]) => void }) {
  const [all, setAll] = useState(false);
  const shown = all ? group.pieces : group.pieces.slice(0, FIRST_PIECES);
  return (
    <details class="pith-removal-group" data-cause={group.cause}>
      <summary>
        <span class="pith-removal-count">{group.pieces.length}</span> {group.label}
      </summary>
      <ul>
        {shown.map((piece) => (
          <li key={piece.block}>
            <button type="button" class="pith-removal-item" data-pith-jump={piece.block} onClick={() => jump(piece.blocks)}>
              {piece.preview || piece.words}
            </button>
          </li>
        ))}
      </ul>
      {shown.length < group.pieces.length && (
        <button type="button" class="pith-link-button" onClick={() => setAll(true)}>
          Show all {group.pieces.length}
        </button>
      )}
    </details>
  );
}

/**
 * `section#pith-removal-summary`: "What was removed", one `details.pith-removal-group[data-cause]` per cause in the
 * reader's words with its count, each piece a `button[data-pith-jump]` that shows it in place.
 */
export function RemovalSummary({ extraction, jump }: Props) {
  const groups = useMemo(() => removalSummary(extraction.snapshot.blocks, extraction.record, placeNames(extraction.snapshot, extraction.record)), [extraction]);
  return (
    <section id="pith-removal-summary" class="pith-section pith-removal-summary" aria-labelledby="pith-removal-summary-heading">
      <h2 id="pith-removal-summary-heading" class="pith-section-title">
        What was removed
      </h2>
      {groups.length === 0 && <p class="pith-removal-line">Nothing was removed.</p>}
      {groups.map((group) => (
        <RemovalGroupList key={group.cause} group={group} jump={jump} />
      ))}
    </section>
  );
}
