/**
 * Which character encoding a saved page or an archived response is in, decided in the order a browser uses:
 * a byte order mark, the HTTP Content-Type charset, the page's own <meta charset> (or http-equiv), and otherwise a
 * sniff. The sniff reads bytes that are valid UTF-8 as UTF-8: served without a charset, Chromium would take them as
 * windows-1252 and turn "©" into "Â©".
 */

export type CharsetSource = 'bom' | 'http' | 'meta' | 'sniffed';

export interface CharsetDecision {
  /** A label Chromium and TextDecoder both know (e.g. "utf-8", "windows-1252", "shift_jis"). */
  charset: string;
  source: CharsetSource;
}

/** The HTML standard's prescan looks at the first 1024 bytes; real pages put <meta charset> after long <head> scripts. */
const META_SCAN_BYTES = 4096;
const FALLBACK_CHARSET = 'windows-1252';

const CHARSET_PARAM = /charset\s*=\s*["']?([^\s"';,]+)/i;
const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([^\s"'/>;]+)/i;

/** The label as TextDecoder names it, or undefined for a label no decoder knows. */
export function knownCharset(label: string | undefined | null): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

/** The charset parameter of a Content-Type header value, when it names a known encoding. */
export function charsetOfContentType(contentType: string | undefined | null): string | undefined {
  return knownCharset(CHARSET_PARAM.exec(contentType ?? '')?.[1]);
}

/** <meta charset="…"> or <meta http-equiv="Content-Type" content="…; charset=…"> near the start of the document. */
export function charsetOfMeta(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, META_SCAN_BYTES)).toString('latin1');
  const declared = knownCharset(META_CHARSET.exec(head)?.[1]);
  // A page that says UTF-16 in ASCII bytes cannot be UTF-16; browsers read it as UTF-8 (HTML standard, prescan).
  return declared?.startsWith('utf-16') ? 'utf-8' : declared;
}

function charsetOfBom(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function decideCharset(bytes: Uint8Array, httpContentType?: string | null): CharsetDecision {
  const bom = charsetOfBom(bytes);
  if (bom) return { charset: bom, source: 'bom' };
  const http = charsetOfContentType(httpContentType);
  if (http) return { charset: http, source: 'http' };
  const meta = charsetOfMeta(bytes);
  if (meta) return { charset: meta, source: 'meta' };
  return { charset: isValidUtf8(bytes) ? 'utf-8' : FALLBACK_CHARSET, source: 'sniffed' };
}
