/**
 * What the reader tells the user about a page it could read only in part, or not as an article: a page too large to
 * read whole, frames from other sites, documents that are not HTML. Pure: an Extraction in, sentences out.
 */
import type { ContentWait, PageSnapshot } from '../snapshot/types';

/** XML documents other than XHTML (which is a web page). */
const XML_TYPES = /^(text\/xml|application\/xml|application\/(?!xhtml\+xml)[\w.-]+\+xml)$/;

function unreadFrames(snapshot: PageSnapshot): string[] {
  return (snapshot.frames ?? []).filter((f) => !f.read && /^https?:/.test(f.src)).map((f) => f.src);
}

/** "facebook.com, youtube.com": the sites of frames, each once (a frame's full address can run to many lines). */
function frameSites(frames: string[]): string {
  const sites = frames.map((src) => {
    try {
      return new URL(src).hostname.replace(/^www\./, '');
    } catch {
      return src.slice(0, 40);
    }
  });
  return [...new Set(sites)].join(', ');
}

/** An address cut to a readable length for a sentence. */
function shortAddress(src: string): string {
  return src.length <= 80 ? src : `${src.slice(0, 79)}…`;
}

/** Why a document is not something Pith reads (an SVG image, an XML document); null for web pages and text. */
export function notAPageReason(snapshot: PageSnapshot): string | null {
  const type = snapshot.contentType ?? '';
  if (type === 'image/svg+xml') return 'This tab shows an SVG image, not an article: there is no text for Pith to read.';
  if (XML_TYPES.test(type)) return `This tab shows an XML document (${type}), not a web page: Pith reads articles in HTML pages.`;
  return null;
}

/** Why a page with no readable text has none, when the page says so; null for the general "no article text" case. */
export function noTextReason(snapshot: PageSnapshot): string | null {
  const frames = unreadFrames(snapshot);
  const waited = snapshot.waitedForContent;
  if (frames.length === 0 && waited && !waited.found) {
    return `${waitedNote(waited)} It may build its article with scripts that have not run, or need you to sign in. Once the article shows in its tab, click the Pith button (or press Alt+Shift+R) again.`;
  }
  if (frames.length === 0) return null;
  return `The text of this page is inside ${frames.length === 1 ? 'a frame' : `${frames.length} frames`} from another site (${frames.map(shortAddress).join(', ')}), which browsers do not let Pith read from here. Open the frame’s address in its own tab and click the Pith button there.`;
}

/** What the wait for an empty page's content gave, in a sentence. */
export function waitedNote(waited: ContentWait): string {
  const seconds = `${(waited.ms / 1000).toFixed(1)} s`;
  return waited.found
    ? `The page was empty when Pith was opened; its content arrived ${seconds} later and was read then.`
    : `The page was still empty after Pith waited ${seconds} for its scripts to fill it in.`;
}

/** Sentences for the reader's warning line: what was left out or read differently. Empty for an ordinary page. */
export function pageNotes(snapshot: PageSnapshot): string[] {
  const notes: string[] = [];
  if (snapshot.stats.truncated) {
    const within = snapshot.stats.limit === 'time' ? ' within its time limit for one reading' : '';
    notes.push(
      `This page is very large: Pith read its first ${snapshot.stats.elements.toLocaleString('en')} elements (${snapshot.blocks.length.toLocaleString('en')} blocks)${within}; the rest is not shown.`,
    );
  }
  if (snapshot.waitedForContent?.found) notes.push(waitedNote(snapshot.waitedForContent));
  if (snapshot.contentType === 'text/plain') notes.push('This is a plain-text document: it is shown as it is, without layout to clean.');
  const frames = unreadFrames(snapshot);
  if (frames.length > 0) {
    notes.push(`${frames.length === 1 ? 'A frame' : `${frames.length} frames`} from another site ${frames.length === 1 ? 'was' : 'were'} not read (${frameSites(frames)}).`);
  }
  return notes;
}
