import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { placeWhileViewportMoves } from './follow-viewport';

export const FOOTNOTE_POPOVER_ID = 'pith-footnote-popover';
const REFERENCE = 'sup[data-pith-fnref] > a[href^="#pith-fn-"]';
const GAP = 8;

interface Shown {
  link: HTMLAnchorElement;
  note: Element;
  /** Opened by a click: stays until Escape, a click elsewhere or another reference. */
  pinned: boolean;
}

function referenceAt(node: EventTarget | null): HTMLAnchorElement | null {
  return node instanceof Element ? (node.closest(REFERENCE) as HTMLAnchorElement | null) : null;
}

function noteFor(link: HTMLAnchorElement): Element | null {
  const id = (link.getAttribute('href') ?? '').slice(1);
  return id ? document.getElementById(id) : null;
}

/**
 * `#pith-footnote-popover`: a footnote reference's note next to it on hover, focus or click (the list at the end of
 * the article stays). The note is a copy of the list item, which is already sanitised article content.
 */
export function FootnotePopover({ articleRef, html }: { articleRef: RefObject<HTMLElement | null>; html: string }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useEffect(() => setShown(null), [html]);

  useEffect(() => {
    const article = articleRef.current;
    if (!article) return;
    const open = (link: HTMLAnchorElement | null, pinned: boolean): void => {
      const note = link && noteFor(link);
      if (!link || !note) return;
      setShown((current) => (current?.link === link && current.pinned && !pinned ? current : { link, note, pinned }));
    };
    const over = (e: Event): void => open(referenceAt(e.target), false);
    const focus = (e: Event): void => open(referenceAt(e.target), false);
    const out = (e: Event): void => {
      const leaving = referenceAt(e.target);
      if (!leaving) return;
      const related = (e as MouseEvent | FocusEvent).relatedTarget;
      if (related instanceof Node && ref.current?.contains(related)) return;
      setShown((current) => (current && !current.pinned && current.link === leaving ? null : current));
    };
    const click = (e: MouseEvent): void => {
      const link = referenceAt(e.target);
      if (!link) return;
      e.preventDefault();
      open(link, true);
    };
    article.addEventListener('mouseover', over);
    article.addEventListener('focusin', focus);
    article.addEventListener('mouseout', out);
    article.addEventListener('focusout', out);
    article.addEventListener('click', click);
    return () => {
      article.removeEventListener('mouseover', over);
      article.removeEventListener('focusin', focus);
      article.removeEventListener('mouseout', out);
      article.removeEventListener('focusout', out);
      article.removeEventListener('click', click);
    };
  }, [articleRef, html]);

  useEffect(() => {
    if (!shown) return;
    shown.link.setAttribute('aria-describedby', FOOTNOTE_POPOVER_ID);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setShown(null);
    };
    const onClick = (e: MouseEvent): void => {
      const t = e.target;
      if (t instanceof Node && (shown.link.contains(t) || ref.current?.contains(t))) return;
      setShown(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      shown.link.removeAttribute('aria-describedby');
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [shown]);

  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!shown || !body) return;
    const copy = shown.note.cloneNode(true) as Element;
    copy.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'));
    body.replaceChildren(...Array.from(copy.childNodes));
    const place = (): void => {
      const tip = ref.current;
      if (!tip) return;
      const anchor = shown.link.getBoundingClientRect();
      const { width, height } = tip.getBoundingClientRect();
      const left = Math.min(Math.max(GAP, window.innerWidth - width - GAP), Math.max(GAP, anchor.left - width / 2));
      let top = anchor.bottom + GAP;
      if (top + height > window.innerHeight - GAP) top = Math.max(GAP, anchor.top - height - GAP);
      setPosition({ top, left });
    };
    return placeWhileViewportMoves(place);
  }, [shown]);

  if (!shown) return null;
  const n = shown.link.closest('sup')?.getAttribute('data-pith-fnref') ?? '';
  return (
    <div
      ref={ref}
      id={FOOTNOTE_POPOVER_ID}
      role="tooltip"
      class="pith-footnote-popover"
      data-pith-footnote={n}
      onMouseLeave={() => setShown((current) => (current?.pinned ? current : null))}
      style={position ? { top: `${position.top}px`, left: `${position.left}px` } : { visibility: 'hidden', top: '0px', left: '0px' }}
    >
      <span class="pith-footnote-popover-number">{n}</span>
      <div ref={bodyRef} class="pith-footnote-popover-body" />
    </div>
  );
}
