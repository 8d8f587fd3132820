import { describe, expect, it } from 'vitest';
import { findNextPage, mayLoadNext, pageNumberOf } from '../../../src/reading/next-page';

function body(html: string): HTMLElement {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
}

const PAGE = 'https://news.example/story/long-read';

describe('next page detection', () => {
  it('takes the declared next page when it is on the same origin', () => {
    expect(findNextPage(body(''), PAGE, 'https://news.example/story/long-read?page=2')).toBe('https://news.example/story/long-read?page=2');
    expect(findNextPage(body(''), PAGE, 'https://elsewhere.example/p2')).toBeNull();
  });

  it('finds a "Next page" link and a "Page 2" link', () => {
    expect(findNextPage(body('<p>Text</p><a href="/story/long-read/2">Next page »</a>'), PAGE)).toBe('https://news.example/story/long-read/2');
    expect(findNextPage(body('<a href="?page=2">Page 2</a>'), PAGE)).toBe('https://news.example/story/long-read?page=2');
  });

  it('follows numbered pagination from the current page number, not a number in running text', () => {
    const bar = '<nav><a href="/story/long-read">1</a><a href="/story/long-read?page=2">2</a><a href="/story/long-read?page=3">3</a></nav>';
    expect(findNextPage(body(bar), 'https://news.example/story/long-read?page=2')).toBe('https://news.example/story/long-read?page=3');
    expect(findNextPage(body('<p>See <a href="/other">2</a> for more.</p>'), PAGE)).toBeNull();
  });

  it('takes the current page from the bar when the address does not show it, and finds none after the last', () => {
    const last = '<nav><a href="/a-1.html">1</a> <a href="/a-2.html">2</a> <span>3</span></nav>';
    expect(findNextPage(body(last), 'https://news.example/a-3.html')).toBeNull();
    const middle = '<nav><a href="/a-1.html">1</a> <a aria-current="page" href="/a-2.html">2</a> <a href="/a-3.html">3</a></nav>';
    expect(findNextPage(body(middle), 'https://news.example/a-2.html')).toBe('https://news.example/a-3.html');
  });

  it('reads the page number from the address', () => {
    expect(pageNumberOf('https://a.example/x?page=4')).toBe(4);
    expect(pageNumberOf('https://a.example/x/page/3/')).toBe(3);
    expect(pageNumberOf('https://a.example/x')).toBe(1);
  });

  it('stops at a loop and after twenty pages', () => {
    expect(mayLoadNext('https://a.example/1', ['https://a.example/1'])).toBe(false);
    expect(mayLoadNext('https://a.example/21', Array.from({ length: 20 }, (_, i) => `https://a.example/${i}`))).toBe(false);
    expect(mayLoadNext('https://a.example/2', ['https://a.example/1'])).toBe(true);
  });
});
