/**
 * Correcting in place: with "show removed" on, a block of the article clicked (or a removed one given Enter) gets a
 * small card right beside it, `#pith-block-correction`: what it is in the reader's words, "Keep this" for a removed
 * block or "Remove this" for a kept one, and the engine's reason behind "Details". It saves the same rule the
 * annotator saves, then the reader reads the page again, with the correction applied. N / Shift+N move between
 * removed blocks.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { saveRules } from '@/ext/corrections-store';
import { isoDay, siteOf } from '@/src/corrections/rules';
import { blockSignature } from '@/src/corrections/signature';
import { isKept } from '@/src/decisions/record';
import type { Extraction } from '@/src/pipeline/types';
import { describeDecision } from '@/src/render/decision-label';
import { placeNames } from '@/src/render/place-names';
import { keptWords, removalWords } from '@/src/render/vocabulary';
import type { Notify } from './ExportButtons';
import { errorMessage } from '@/src/error-message';
import { placeWhileViewportMoves } from './follow-viewport';

interface Props {
  extraction: Extraction;
  showRemoved: boolean;
  notify: Notify;
  /** Called once the rule is saved (the reader reads the page again). */
  onSaved(): void;
}

const GAP = 6;

function blockElementAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element) || target.closest('a, button, input, summary, [role=button]')) return null;
  return target.closest<HTMLElement>('#pith-article [data-pith-block]');
}

/** The removed blocks (and collapsed markers) a reader can move between, in document order. */
function removedStops(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('#pith-article .pith-removed-marker, #pith-article .pith-removed')).filter(
    (el) => el.getClientRects().length > 0,
  );
}

function typing(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

export function BlockCorrection({ extraction, showRemoved, notify, onSaved }: Props) {
  const [selected, setSelected] = useState<{ id: number; element: HTMLElement } | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const card = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setSelected(null);
    setPosition(null);
    if (!showRemoved) return;
    const select = (element: HTMLElement | null): void => {
      const id = Number(element?.getAttribute('data-pith-block'));
      if (element && Number.isInteger(id) && extraction.snapshot.blocks[id]) {
        setPosition(null);
        setSelected({ id, element });
      }
    };
    const onClick = (e: MouseEvent): void => {
      if (card.current?.contains(e.target as Node)) return;
      select(blockElementAt(e.target));
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setSelected(null);
      if (e.key === 'Enter' && !card.current?.contains(e.target as Node)) select(blockElementAt(e.target));
      if ((e.key === 'n' || e.key === 'N') && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        const stops = removedStops();
        if (stops.length === 0) return;
        const at = stops.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
        const next = e.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : (at + 1) % stops.length;
        e.preventDefault();
        stops[next]!.scrollIntoView({ block: 'center' });
        stops[next]!.focus({ preventScroll: true });
      }
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [extraction, showRemoved]);

  useLayoutEffect(() => {
    if (!selected) return;
    const place = (): void => {
      const box = selected.element.getBoundingClientRect();
      const height = card.current?.getBoundingClientRect().height ?? 0;
      const width = card.current?.getBoundingClientRect().width ?? 0;
      const below = box.bottom + GAP;
      const top = below + height <= window.innerHeight - GAP ? below : Math.max(GAP, box.top - height - GAP);
      setPosition({ top: top + window.scrollY, left: Math.max(GAP, Math.min(box.left, window.innerWidth - width - GAP)) + window.scrollX });
    };
    return placeWhileViewportMoves(place);
  }, [selected]);

  // Once placed (a hidden card cannot take the focus), the card's action has the focus.
  const placed = position !== null;
  useEffect(() => {
    if (placed) card.current?.querySelector<HTMLButtonElement>('button[data-correct]')?.focus({ preventScroll: true });
  }, [placed, selected]);

  if (!showRemoved || selected === null) return null;
  const block = extraction.snapshot.blocks[selected.id]!;
  const decision = extraction.record.decisions[selected.id];
  const kept = isKept(extraction.record, selected.id);
  const origin = siteOf(extraction.snapshot.url);
  const engine = describeDecision(decision);

  const save = async (): Promise<void> => {
    if (!origin) return notify('Corrections can be saved for web sites (http or https) only.', 'error');
    try {
      await saveRules(origin, [{ signature: blockSignature(extraction.snapshot, block), kept: !kept, savedAt: isoDay(new Date()) }]);
    } catch (error) {
      return notify(`Your correction couldn’t be saved (${errorMessage(error)}).`, 'error');
    }
    notify(`Saved: Pith will ${kept ? 'remove' : 'keep'} this on ${new URL(origin).hostname}.`, 'info');
    setSelected(null);
    onSaved();
  };

  return (
    <div
      id="pith-block-correction"
      ref={card}
      class="pith-correction-card"
      role="dialog"
      aria-label={kept ? 'Remove this from the article' : 'Keep this in the article'}
      style={position ? { top: `${position.top}px`, left: `${position.left}px` } : { visibility: 'hidden' }}
    >
      <p class="pith-correction-words">{kept ? keptWords(decision) : removalWords(decision, [block], placeNames(extraction.snapshot, extraction.record).get(block.id))}</p>
      <p class="pith-correction-actions">
        <button type="button" class="pith-button" data-correct={kept ? 'remove' : 'restore'} onClick={() => void save()}>
          {kept ? 'Remove this' : 'Keep this'}
        </button>{' '}
        <button type="button" class="pith-button" onClick={() => setSelected(null)}>
          Close
        </button>
      </p>
      <p class="pith-hint">Pith remembers your choice for this site. N and Shift+N move between removed parts.</p>
      <details class="pith-correction-details">
        <summary>Details</summary>
        <p>{engine.reason}</p>
        <p>
          {kept ? 'Kept' : 'Removed'} by {engine.stage}
          {engine.score && ` · ${engine.score}`}
        </p>
        {engine.earlier && <p>{engine.earlier}</p>}
      </details>
    </div>
  );
}
