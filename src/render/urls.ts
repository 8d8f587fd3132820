/**
 * URL policy for everything Pith renders or exports: URLs are made absolute against the page URL and only
 * http(s) links and http(s) or data:image sources survive. Anything else (javascript:, vbscript:, data:text/html,
 * blob:, file:) is dropped.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

export type UrlUse = 'link' | 'media';

/** The absolute URL, or null when it is empty, unparseable or of a protocol Pith does not allow for this use. */
export function safeAbsoluteUrl(raw: string, base: string, use: UrlUse): string | null {
  // Browsers ignore ASCII whitespace and control characters in URLs ("java\nscript:"); so do we, before checking.
  const value = raw.trim().replace(/[\u0000-\u001f\u007f]/g, '');
  if (!value) return null;
  if (use === 'media' && /^data:/i.test(value)) return DATA_IMAGE.test(value) ? value : null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** A srcset with every candidate made absolute; candidates with disallowed URLs are dropped. */
export function safeAbsoluteSrcset(srcset: string, base: string): string | null {
  const candidates: string[] = [];
  // Candidates are separated by a comma followed by whitespace (a bare comma may be part of a data: URL).
  for (const part of srcset.split(/,\s+/)) {
    const [url = '', ...descriptors] = part.trim().split(/\s+/);
    const absolute = safeAbsoluteUrl(url.replace(/,$/, ''), base, 'media');
    if (absolute) candidates.push([absolute, ...descriptors].join(' '));
  }
  return candidates.length > 0 ? candidates.join(', ') : null;
}

/** Whether a URL is already absolute and allowed for this use (the sanitiser's check; it resolves nothing). */
export function isSafeAbsoluteUrl(value: string, use: UrlUse): boolean {
  const v = value.trim();
  if (use === 'media' && DATA_IMAGE.test(v)) return true;
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    return SAFE_PROTOCOLS.has(new URL(v).protocol);
  } catch {
    return false;
  }
}

/** Whether every candidate of a srcset is an allowed absolute media URL. */
export function isSafeAbsoluteSrcset(srcset: string): boolean {
  const parts = srcset.split(/,\s+/).map((p) => p.trim().split(/\s+/)[0] ?? '');
  return parts.length > 0 && parts.every((url) => isSafeAbsoluteUrl(url.replace(/,$/, ''), 'media'));
}
