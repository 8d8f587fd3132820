import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Decision, DecisionRecord } from '@/src/decisions/types';
import { REMOVED_SEGMENT_CLASS, SEGMENT_ATTR, type SanitizedHtml } from '@/src/render/article';
import type { SegmentVerdict } from '@/src/sore/types';
import type { Block } from '@/src/snapshot/types';
import { removalWords, sentenceWords, type ReaderCause } from '@/src/render/vocabulary';
import { MARKER_CLASS, RUN_ATTR, setRunExpanded } from '@/src/render/removed-markers';
import { FootnotePopover } from './FootnotePopover';
import { RemovalTooltip, TOOLTIP_ID, type TooltipTarget } from './RemovalTooltip';

interface Props {
  /** Output of renderArticleHtml (DOMPurify): the only HTML the reader injects. */
  html: SanitizedHtml;
  record: DecisionRecord;
  blocks: readonly Block[];
  /** What the removals named only by their place are (placeNames), for the tooltips' words. */
  placeNames: ReadonlyMap<number, ReaderCause>;
  /** The semantic stage's sentence verdicts: `data-pith-segment` of a dimmed sentence indexes them. */
  segments?: readonly SegmentVerdict[];
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** A removed block, or a removed sentence inside a kept block (the innermost one wins). */
const REMOVED = `.pith-removed, .${REMOVED_SEGMENT_CLASS}`;

/** Expands or folds the removed run behind a marker the reader clicked or pressed Enter (or Space) on. */
function toggleMarker(target: EventTarget | null, article: HTMLElement | null): boolean {
  const marker = target instanceof Element ? target.closest(`.${MARKER_CLASS}`) : null;
  const run = marker?.getAttribute(RUN_ATTR);
  if (!marker || !run || !article) return false;
  setRunExpanded(article, run, marker.getAttribute('aria-expanded') !== 'true');
  return true;
}

function removedBlockAt(node: EventTarget | null): Element | null {
  return node instanceof Element ? node.closest(REMOVED) : null;
}

/** A dimmed sentence's verdict, as a decision the tooltip can describe. */
function segmentDecision(element: Element, segments: readonly SegmentVerdict[] | undefined): Decision | undefined {
  const raw = element.getAttribute(SEGMENT_ATTR);
  const verdict = raw !== null && /^\d+$/.test(raw) ? segments?.[Number(raw)] : undefined;
  if (!verdict) return undefined;
  return {
    block: verdict.block,
    kept: false,
    stage: 'sore',
    reason: verdict.reason,
    score: verdict.score,
    threshold: verdict.threshold,
    evidence: verdict.evidence,
  };
}

/** `article#pith-article`, with the tooltip for removed blocks (hover and keyboard focus; Escape closes it). */
export function ArticleView({ html, record, blocks, placeNames, segments, lang, dir }: Props) {
  const articleRef = useRef<HTMLElement>(null);
  const [target, setTarget] = useState<TooltipTarget | null>(null);
  // The one audited injection point: `html` is DOMPurify output (see src/render/sanitize.ts).
  const inner = useMemo(() => ({ __html: html }), [html]);

  const show = (element: Element | null): void => {
    if (!element) return;
    if (target?.element === element) return;
    if (element.classList.contains(REMOVED_SEGMENT_CLASS)) {
      const decision = segmentDecision(element, segments);
      setTarget({ element, words: decision ? sentenceWords(decision) : 'Removed sentence' });
      return;
    }
    const id = Number(element.getAttribute('data-pith-block'));
    const block = Number.isInteger(id) ? blocks[id] : undefined;
    setTarget({ element, words: removalWords(block ? record.decisions[id] : undefined, block ? [block] : [], placeNames.get(id)) });
  };

  useEffect(() => setTarget(null), [html]);

  useEffect(() => {
    if (!target) return;
    target.element.setAttribute('aria-describedby', TOOLTIP_ID);
    const hide = (): void => setTarget(null);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      target.element.removeAttribute('aria-describedby');
      document.removeEventListener('keydown', onKey);
    };
  }, [target]);

  return (
    <>
      <article
        id="pith-article"
        ref={articleRef}
        class="pith-article"
        lang={lang || undefined}
        dir={dir}
        dangerouslySetInnerHTML={inner}
        onMouseOver={(e) => show(removedBlockAt(e.target))}
        onMouseOut={(e) => {
          const leaving = removedBlockAt(e.target);
          const entering = removedBlockAt(e.relatedTarget);
          if (leaving && leaving !== entering && !(entering && leaving.contains(entering))) {
            if (entering) show(entering);
            else if (document.activeElement !== leaving) setTarget(null);
          }
        }}
        onClick={(e) => toggleMarker(e.target, articleRef.current)}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ' ') && toggleMarker(e.target, articleRef.current)) e.preventDefault();
        }}
        onFocusIn={(e) => show(removedBlockAt(e.target))}
        onFocusOut={(e) => {
          if (!removedBlockAt(e.relatedTarget)) setTarget(null);
        }}
      />
      {target && <RemovalTooltip target={target} />}
      <FootnotePopover articleRef={articleRef} html={html} />
    </>
  );
}
