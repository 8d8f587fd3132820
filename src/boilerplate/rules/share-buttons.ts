import type { RemovalRule } from '../types';
import { describeElement, inRegion, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['share', 'sharing', 'shares', 'social', 'social-share', 'share-buttons', 'sharedaddy', 'addthis', 'sharethis', 'social-links', 'follow', 'follow-us', 'social-media', 'socials', 'share-bar', 'addtoany', 'a2a_kit', 'shariff']);
const NETWORKS = /\b(facebook|twitter|linkedin|pinterest|whatsapp|reddit|telegram|instagram|youtube|tiktok|mastodon|bluesky|threads|messenger|tumblr|xing|vk|flipboard|pocket)\b/i;
const SHARE_WORDS = new Set([
  'share', 'shares', 'sharing', 'facebook', 'twitter', 'x', 'linkedin', 'pinterest', 'email', 'e-mail', 'mail', 'whatsapp', 'reddit', 'print',
  'tweet', 'telegram', 'copy', 'link', 'on', 'this', 'follow', 'us', 'instagram', 'youtube', 'tiktok', 'mastodon', 'threads', 'bluesky', 'rss',
  'pin', 'it', 'messenger', 'the', 'article', 'via', 'tumblr', 'xing', 'vk', 'flipboard', 'pocket', 'story', 'post', 'page', 'and', 'or',
]);

/** Share and follow buttons: a short run of network names ("Share Facebook Twitter Email"), or an element marked share/social. */
export const shareButtons: RemovalRule = {
  cause: 'share-buttons',
  roles: { explains: 11, decides: 8 },
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > 120) return null;
    const words = text.toLowerCase().split(/[\s|·•,:/]+/).filter((w) => w && !/^\d+[km]?$/.test(w));
    if (words.length === 0 || !words.every((w) => SHARE_WORDS.has(w))) return null;
    if (!NETWORKS.test(text) && !/\bshare\b/i.test(text)) return null;
    return `buttons ${quoted(text)}`;
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    if (!word) return null;
    // "social" also names social-science sections; a share bar is short or mostly links.
    if (region.textLength > 300 && region.linkShare < 0.5) return null;
    return region.textLength > 0 ? inRegion(region, word) : `in ${describeElement(region.node, word)}`;
  },
};
