// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { charsetOfContentType, charsetOfMeta, decideCharset, isValidUtf8 } from '../../../cli/corpus/charset';

const bytes = (text: string, encoding: BufferEncoding = 'utf8'): Buffer => Buffer.from(text, encoding);

describe('the charset a page is read in', () => {
  it('reads a UTF-8 page without any declaration as UTF-8 (no "Â©")', () => {
    const page = bytes('<p>© The Kitchen Lab · Privacy</p>');
    expect(decideCharset(page)).toEqual({ charset: 'utf-8', source: 'sniffed' });
    expect(new TextDecoder(decideCharset(page).charset).decode(page)).toContain('© The Kitchen Lab · Privacy');
  });

  it('reads undeclared bytes that are not valid UTF-8 as windows-1252', () => {
    const page = bytes('<p>caf\u00e9 \u00a9</p>', 'latin1');
    expect(isValidUtf8(page)).toBe(false);
    expect(decideCharset(page)).toEqual({ charset: 'windows-1252', source: 'sniffed' });
  });

  it('takes the HTTP Content-Type charset over the page meta', () => {
    const page = bytes('<meta charset="utf-8"><p>caf\u00e9</p>', 'latin1');
    expect(decideCharset(page, 'text/html; charset=ISO-8859-1')).toEqual({ charset: 'windows-1252', source: 'http' });
    expect(charsetOfContentType('text/html;charset="Shift_JIS"')).toBe('shift_jis');
  });

  it('takes the page meta charset (both forms) when the HTTP header has none', () => {
    expect(charsetOfMeta(bytes('<head><meta charset=koi8-r><title>x</title>'))).toBe('koi8-r');
    expect(charsetOfMeta(bytes('<meta http-equiv="Content-Type" content="text/html; charset=euc-jp">'))).toBe('euc-jp');
    expect(decideCharset(bytes('<meta charset="gbk"><p>x</p>'), 'text/html')).toEqual({ charset: 'gbk', source: 'meta' });
  });

  it('ignores labels no decoder knows and reads a UTF-16 meta in ASCII bytes as UTF-8', () => {
    expect(charsetOfContentType('text/html; charset=klingon')).toBeUndefined();
    expect(decideCharset(bytes('<meta charset="klingon"><p>©</p>'))).toEqual({ charset: 'utf-8', source: 'sniffed' });
    expect(charsetOfMeta(bytes('<meta charset="utf-16">'))).toBe('utf-8');
  });

  it('lets a byte order mark decide over everything else', () => {
    const page = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('<p>x</p>')]);
    expect(decideCharset(page, 'text/html; charset=iso-8859-2')).toEqual({ charset: 'utf-8', source: 'bom' });
  });
});
