/**
 * Embedded players and posts (YouTube, Vimeo, X/Twitter) sit in frames the page may not read and that cannot play in
 * a reader or a note. Each becomes what note apps keep for one: a video as its poster image linked to the video's own
 * page (a link where the host has no fixed poster address), a post as a link to it.
 */
import type { StyleReader } from './element-style';
import type { Block } from './types';

export interface Embed {
  /** The embedded thing's own page (the watch page, the post). */
  url: string;
  /** A still image of it, when the host serves one at a fixed address. */
  poster?: string;
  /** Words for the link or the poster's alt text. */
  label: string;
}

const YOUTUBE_HOSTS = /^(?:www\.)?(?:youtube\.com|youtube-nocookie\.com|m\.youtube\.com)$/;
const X_HOSTS = /^(?:www\.|mobile\.)?(?:x\.com|twitter\.com)$/;

/** The embed a frame's address names, or null when it is not a known player or post. */
export function embedOf(src: string, title: string, base: string): Embed | null {
  let url: URL;
  try {
    url = new URL(src, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const name = title.trim();
  const youtube = YOUTUBE_HOSTS.test(host) ? /^\/embed\/([\w-]{6,})/.exec(url.pathname) : null;
  if (youtube) {
    return { url: `https://www.youtube.com/watch?v=${youtube[1]}`, poster: `https://i.ytimg.com/vi/${youtube[1]}/hqdefault.jpg`, label: name ? `Video: ${name}` : 'Video on YouTube' };
  }
  const vimeo = host === 'player.vimeo.com' ? /^\/video\/(\d+)/.exec(url.pathname) : null;
  if (vimeo) return { url: `https://vimeo.com/${vimeo[1]}`, label: name ? `Video: ${name}` : 'Video on Vimeo' };
  const tweetId = host === 'platform.twitter.com' && /^\/embed\/Tweet\.html$/.test(url.pathname) ? url.searchParams.get('id') : null;
  if (tweetId && /^\d+$/.test(tweetId)) return { url: `https://x.com/i/status/${tweetId}`, label: 'Post on X' };
  const status = X_HOSTS.test(host) ? /^\/(\w+)\/status\/(\d+)/.exec(url.pathname) : null;
  if (status) return { url: `https://x.com/${status[1]}/status/${status[2]}`, label: `Post by @${status[1]} on X` };
  return null;
}

/** What stands for the embed in the page copy: a paragraph holding the linked poster, or the link. */
export function embedCopy(doc: Document, embed: Embed): HTMLElement {
  const p = doc.createElement('p');
  const link = doc.createElement('a');
  link.setAttribute('href', embed.url);
  if (embed.poster) {
    const img = doc.createElement('img');
    img.setAttribute('src', embed.poster);
    img.setAttribute('alt', embed.label);
    link.append(img);
  } else {
    link.textContent = embed.label;
  }
  p.append(link);
  return p;
}

/** The player or post a frame the page may not read embeds, when it is a known one and shown. */
export function shownEmbed(frame: Element, styles: StyleReader): Embed | null {
  const info = styles.of(frame);
  if (info.display === 'none' || info.visibility !== 'visible') return null;
  return embedOf(frame.getAttribute('src') ?? '', frame.getAttribute('title') ?? '', frame.baseURI);
}

/** The embed's block says what its copy shows: the poster, or the link's words. */
export function showEmbed(block: Block, embed: Embed): void {
  if (embed.poster) block.images.push({ src: embed.poster, alt: embed.label, width: block.rect.width, height: block.rect.height });
  else block.text = embed.label;
}
