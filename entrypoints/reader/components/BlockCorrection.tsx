/**
 * With "show removed" on, a block of the article clicked (or focused) can be corrected: `#pith-block-correction`
 * offers "Restore this block" for a removed one and "Remove this block" for a kept one. It saves the same rule the
 * annotator saves, then the reader reads the page again, with the correction applied.
 */
import { useEffect, useState } from 'preact/hooks';
import { saveRules } from '@/ext/corrections-store';
import { isoDay, siteOf } from '@/src/corrections/rules';
import { blockSignature } from '@/src/corrections/signature';
import { isKept } from '@/src/decisions/record';
import type { Extraction } from '@/src/pipeline/types';
import type { Notify } from './ExportButtons';
import { errorMessage } from '@/src/error-message';

interface Props {
  extraction: Extraction;
  showRemoved: boolean;
  notify: Notify;
  /** Called once the rule is saved (the reader reads the page again). */
  onSaved(): void;
}

function blockAt(target: EventTarget | null): number | null {
  if (!(target instanceof Element) || target.closest('a, button, input, summary')) return null;
  const element = target.closest('#pith-article [data-pith-block]');
  const id = Number(element?.getAttribute('data-pith-block'));
  return element && Number.isInteger(id) ? id : null;
}

export function BlockCorrection({ extraction, showRemoved, notify, onSaved }: Props) {
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    setSelected(null);
    if (!showRemoved) return;
    const select = (e: Event): void => {
      const id = blockAt(e.target);
      if (id !== null && extraction.snapshot.blocks[id]) setSelected(id);
    };
    document.addEventListener('click', select);
    document.addEventListener('focusin', select);
    return () => {
      document.removeEventListener('click', select);
      document.removeEventListener('focusin', select);
    };
  }, [extraction, showRemoved]);

  if (!showRemoved || selected === null) return null;
  const block = extraction.snapshot.blocks[selected];
  const kept = isKept(extraction.record, selected);
  const origin = siteOf(extraction.snapshot.url);

  const save = async (): Promise<void> => {
    if (!origin) return notify('Corrections can be saved for web sites (http or https) only.', 'error');
    try {
      await saveRules(origin, [{ signature: blockSignature(extraction.snapshot, block), kept: !kept, savedAt: isoDay(new Date()) }]);
    } catch (error) {
      return notify(`Your correction couldn’t be saved (${errorMessage(error)}).`, 'error');
    }
    notify(`Saved: Pith will ${kept ? 'remove' : 'keep'} this block on ${new URL(origin).hostname}.`, 'info');
    onSaved();
  };

  const preview = block.text.length > 70 ? `${block.text.slice(0, 70)}…` : block.text || `(${block.kind})`;
  return (
    <div id="pith-block-correction" class="pith-toggle" role="region" aria-label="Correct this block">
      <p class="pith-hint">
        {kept ? 'Kept' : 'Removed'}: “{preview}”
      </p>
      <button type="button" class="pith-button" data-correct={kept ? 'remove' : 'restore'} onClick={() => void save()}>
        {kept ? 'Remove this block' : 'Restore this block'}
      </button>
    </div>
  );
}
