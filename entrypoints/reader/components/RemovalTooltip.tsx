import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { placeWhileViewportMoves } from './follow-viewport';

export interface TooltipTarget {
  element: Element;
  /** What the piece is and why, in the reader's words ("Site menu: 12 links"). */
  words: string;
}

export const TOOLTIP_ID = 'pith-tooltip';
const GAP = 8;

/** `[role=tooltip].pith-tooltip`: why a removed block was removed (in the reader's words), placed next to it and kept inside the viewport. */
export function RemovalTooltip({ target }: { target: TooltipTarget }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const place = (): void => {
      const tip = ref.current;
      if (!tip) return;
      const block = target.element.getBoundingClientRect();
      const { width, height } = tip.getBoundingClientRect();
      const rtl = getComputedStyle(target.element).direction === 'rtl';
      const maxLeft = Math.max(GAP, window.innerWidth - width - GAP);
      const left = Math.min(maxLeft, Math.max(GAP, rtl ? block.right - width : block.left));
      // Above the block when there is room, else just inside its top edge, kept within the viewport.
      let top = block.top - height - GAP;
      if (top < GAP) top = Math.max(GAP, Math.min(block.top + GAP, window.innerHeight - height - GAP));
      setPosition({ top, left });
    };
    return placeWhileViewportMoves(place);
  }, [target]);

  return (
    <div
      ref={ref}
      id={TOOLTIP_ID}
      role="tooltip"
      class="pith-tooltip"
      style={position ? { top: `${position.top}px`, left: `${position.left}px` } : { visibility: 'hidden', top: '0px', left: '0px' }}
    >
      <p class="pith-tooltip-reason">{target.words}</p>
      <p class="pith-tooltip-detail">Click or press Enter to keep it or see details.</p>
    </div>
  );
}
