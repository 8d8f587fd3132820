/**
 * Elements that are never article content in a reader: scripts and styles (the snapshot already drops most), form
 * controls, plug-ins. Embedded frames (video players, tweets) cannot run in the reader, so each becomes a plain
 * link to what it embedded rather than disappearing without a word.
 */
import { safeAbsoluteUrl } from './urls';

const NEVER_CONTENT =
  'script, style, noscript, template, link, meta, base, button, input, select, textarea, datalist, output, dialog, object, embed, applet, frame, frameset, canvas, slot';

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export function removeNonContent(root: Element, base: string): void {
  for (const el of Array.from(root.querySelectorAll(NEVER_CONTENT))) el.remove();
  for (const frame of Array.from(root.querySelectorAll('iframe'))) {
    const src = safeAbsoluteUrl(frame.getAttribute('src') ?? '', base, 'link');
    if (!src) {
      frame.remove();
      continue;
    }
    const doc = frame.ownerDocument;
    const link = doc.createElement('a');
    link.setAttribute('href', src);
    const label = frame.getAttribute('title')?.trim();
    link.textContent = label ? `${label} (embedded from ${hostOf(src)})` : `Embedded content from ${hostOf(src)}`;
    const block = frame.getAttribute('data-pith-block');
    if (block !== null) {
      const p = doc.createElement('p');
      p.setAttribute('data-pith-block', block);
      p.append(link);
      frame.replaceWith(p);
    } else {
      frame.replaceWith(link);
    }
  }
}
