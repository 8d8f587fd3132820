import { rememberCopyTree } from './copy-tree';
import { readMetadata } from './metadata';
import { currentViewMetadata } from './current-view';
import { revealSelfHiddenPage } from './self-hidden';
import { BudgetMeter, DEFAULT_READ_BUDGET, type ReadBudget } from './budget';
import type { BlockDomMap } from './block-builder';
import { SnapshotWalker } from './walker';
import type { PageSnapshot } from './types';

export type { BlockDomMap } from './block-builder';

export interface SnapshotResult {
  snapshot: PageSnapshot;
  dom: BlockDomMap;
}

/**
 * Whether the page is laid out as its author meant: false when it links stylesheets of which none loaded (a saved
 * page, blocked CSS), or has no styling at all. GCE reads layout, so it only decides when this holds.
 */
function hasAuthorLayout(doc: Document): boolean {
  const linked = [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i]')];
  if (linked.length > 0) return linked.some((link) => link.sheet !== null);
  return doc.styleSheets.length > 0 || doc.querySelector('[style]') !== null;
}

/** Reads the rendered page into a PageSnapshot. Must run in a document with layout (a real browser tab). */
export function takeSnapshot(doc: Document, budget: ReadBudget = DEFAULT_READ_BUDGET): SnapshotResult {
  const meter = new BudgetMeter(budget);
  const restore = revealSelfHiddenPage(doc);
  try {
    return readPage(doc, meter);
  } finally {
    restore();
  }
}

function readPage(doc: Document, meter: BudgetMeter): SnapshotResult {
  const started = performance.now();
  const win = doc.defaultView ?? window;
  const body = doc.body ?? doc.documentElement;
  const walker = new SnapshotWalker(doc, doc.baseURI, meter);
  const { copyDoc } = walker.copier;
  const copyBody = copyDoc.body;
  const bodyCopy = copyDoc.createElement('div');
  const bodyNode = walker.addNode(body, -1, null);
  walker.walk(body, { node: bodyNode, copy: bodyCopy, depth: 1, path: 'body', fixedNode: -1, transparent: false, inTable: false });
  const html = doc.documentElement;
  const bodyDir = win.getComputedStyle(body).direction;
  const dir = (html.getAttribute('dir') || body.getAttribute('dir') || bodyDir || 'ltr').toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
  const snapshot: PageSnapshot = {
    url: doc.URL,
    lang: html.lang || doc.querySelector('meta[http-equiv="content-language" i]')?.getAttribute('content') || '',
    dir,
    metadata: currentViewMetadata(readMetadata(doc), doc),
    viewport: { width: win.innerWidth, height: win.innerHeight },
    document: {
      width: Math.max(html.scrollWidth, body.scrollWidth),
      height: Math.max(html.scrollHeight, body.scrollHeight),
    },
    styled: hasAuthorLayout(doc),
    nodes: walker.nodes,
    blocks: walker.blocks,
    links: walker.links(),
    // The copy's outer element stands for <body>, so a page whose body is itself one block keeps its marker.
    html: bodyCopy.outerHTML,
    stats: { elements: walker.elements, textNodes: walker.textNodes, ms: 0, truncated: walker.truncated },
  };
  copyBody.append(bodyCopy);
  rememberCopyTree(snapshot, copyBody);
  if (meter.limit) snapshot.stats.limit = meter.limit;
  if (walker.frames.length) snapshot.frames = walker.frames;
  if (walker.composed) snapshot.composed = true;
  if (doc.contentType && doc.contentType !== 'text/html') snapshot.contentType = doc.contentType;
  snapshot.stats.ms = performance.now() - started;
  return { snapshot, dom: walker.dom };
}
