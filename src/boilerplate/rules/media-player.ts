import type { RemovalRule } from '../types';
import { describeElement, wordMatcher } from '../words';

// Not a bare "player" (a sports page's "player-stats" is its content), nor "carousel" (an article's own slides).
const WORDS = /* @__PURE__ */ wordMatcher(['gallery', 'slideshow', 'lightbox', 'video', 'video-player', 'videoplayer', 'audio-player', 'media-player', 'jwplayer', 'vjs', 'video-js', 'brightcove'], { exclude: /videos|gallery-item|related|teaser|list/ });

/** Galleries and video players: their counters, buttons, countdowns and slide captions ("1 of 24 · Full Screen"). */
export const mediaPlayer: RemovalRule = {
  cause: 'media-player',
  roles: { names: 9 },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
