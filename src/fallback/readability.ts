import { Readability } from '@mozilla/readability';
import type { Decision } from '../decisions/types';
import type { PageSnapshot } from '../snapshot/types';

/**
 * Readability's own default. It never makes Readability give up on a short page (after its retries it returns the
 * longest attempt); it decides when an attempt is long enough to stop retrying, so another value gives another answer
 * than Readability.js on the same page.
 */
export const READABILITY_CHAR_THRESHOLD = 500;

export interface ReadabilityVerdict {
  /** Block ids Readability kept; null when it found no article at all, or failed. */
  kept: Set<number> | null;
  ms: number;
  /** Readability threw: the exception's message (kept is null then, but not because the page has no article). */
  error?: string;
  /** Readability was not run: why (kept is null then). */
  skipped?: string;
  /** Its first answer was mostly boilerplate by Pith's named rules, so it read the page again without it: what happened. */
  reread?: string;
  /** The page's marked copy could not be made, so the snapshot's copy was read instead: why. */
  copyFailed?: string;
}

/**
 * Why Readability is not run on this snapshot, or null. A page too large to read whole was cut by the read budget:
 * Readability over the copy of what was read takes seconds (it re-reads the whole copy several times), and its answer
 * on a cut page is no check of the layout's, so when layout found a container its answer stands unchecked.
 */
export function readabilitySkipReason(snapshot: PageSnapshot, layoutFoundContainer: boolean): string | null {
  if (!snapshot.stats.truncated || !layoutFoundContainer) return null;
  const read = `${snapshot.stats.elements.toLocaleString('en-US')} elements`;
  return `the page was read in part (its first ${read}), so the structural extractor was not run on it; GCE's container used unchecked`;
}

/** Readability's private post-processing step that rewrites the article's links and media sources. */
interface UrlFixer {
  _fixRelativeUris(content: Element): void;
}

/**
 * Only which marked elements Readability keeps is read here, never its URLs: its last step resolves every link and
 * media URL of the article (a URL parse each, a tenth of its time on link-heavy pages) and changes no element but
 * `javascript:` links, which it unwraps. This keeps that unwrapping (so the same marked elements survive) and skips
 * the resolving.
 */
function withoutUrlResolution(reader: object): void {
  const fixer = reader as Partial<UrlFixer>;
  if (typeof fixer._fixRelativeUris !== 'function') return; // another Readability version: leave it as it is
  fixer._fixRelativeUris = (content: Element) => {
    for (const link of Array.from(content.getElementsByTagName('a'))) {
      if (!(link.getAttribute('href') ?? '').startsWith('javascript:')) continue;
      if (link.childNodes.length === 1 && link.firstChild!.nodeType === Node.TEXT_NODE) {
        link.replaceWith(link.ownerDocument.createTextNode(link.textContent ?? ''));
      } else {
        const span = link.ownerDocument.createElement('span');
        span.append(...Array.from(link.childNodes));
        link.replaceWith(span);
      }
    }
  };
}

/** The page's marked copy, or why it could not be made (the snapshot's copy is read instead); null without a page. */
function markedPage(page: (() => Document) | undefined): Document | { failed: string } | null {
  try {
    return page?.() ?? null;
  } catch (thrown) {
    return { failed: thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown) };
  }
}

/**
 * Runs @mozilla/readability on the page with its blocks marked (`markedPageClone`), or, without a page (a snapshot
 * read elsewhere), on the snapshot's cleaned copy, where every block also carries data-pith-block.
 */
export function runReadabilityOnSnapshot(
  snapshot: PageSnapshot,
  parser: DOMParser = new DOMParser(),
  page?: () => Document,
  without?: ReadonlySet<number>,
): ReadabilityVerdict {
  const started = performance.now();
  const copy = markedPage(page);
  const fromPage = copy && !('failed' in copy) ? copy : null;
  const copyFailed = copy && 'failed' in copy ? { copyFailed: copy.failed } : {};
  const doc = fromPage ?? parser.parseFromString(`<!doctype html><html><head><title></title></head><body>${snapshot.html}</body></html>`, 'text/html');
  if (!fromPage) doc.title = snapshot.metadata.title;
  if (without?.size) {
    for (const el of doc.querySelectorAll('[data-pith-block]')) if (without.has(Number(el.getAttribute('data-pith-block')))) el.remove();
  }
  let content: Element | null = null;
  let error: string | undefined;
  try {
    const reader = new Readability<Element>(doc, {
      charThreshold: READABILITY_CHAR_THRESHOLD,
      keepClasses: true,
      serializer: (el: Node) => el as Element,
    });
    withoutUrlResolution(reader);
    const article = reader.parse();
    content = article?.content ?? null;
  } catch (thrown) {
    content = null;
    error = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  }
  if (!content) return { kept: null, ms: performance.now() - started, ...copyFailed, ...(error === undefined ? {} : { error }) };
  const kept = new Set<number>();
  for (const el of content.querySelectorAll('[data-pith-block]')) kept.add(Number(el.getAttribute('data-pith-block')));
  if (content.hasAttribute('data-pith-block')) kept.add(Number(content.getAttribute('data-pith-block')));
  return { kept, ms: performance.now() - started, ...copyFailed };
}

export function readabilityDecision(blockId: number, kept: boolean): Decision {
  return {
    block: blockId,
    kept,
    stage: 'readability',
    reason: kept
      ? 'Kept by the structural extractor (Readability)'
      : 'Not part of the article according to the structural extractor (Readability)',
    evidence: { kind: 'structural-extractor', extractor: 'readability', kept },
  };
}
