import type { Block } from '../../snapshot/types';
import type { RemovalRule } from '../types';
import { describeElement, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher([
  'ads?', 'adverts?', 'advertisements?', 'advertising', 'adsbygoogle', 'adslot', 'adunit', 'adsense', 'dfp', 'gpt-ad',
  'sponsor', 'sponsored', 'native-ad', 'adzone', 'ad-slot', 'ad-unit', 'ad-container', 'ad-wrapper', 'banner-ad', 'adblock',
  'taboola-ad', 'google-ad', 'ad\\d+',
]);
const LABEL = /^(advertisement|advertisements|advertising|ad|ads|sponsored|sponsored (content|links?|posts?|stories)|promoted|anzeige|werbung|publicité|publicidad|publicidade|pubblicità|реклама|广告|広告|광고|إعلان|iklan)$/i;
/** IAB standard ad sizes (CSS px). */
const AD_SIZES: readonly [number, number][] = [
  [300, 250], [728, 90], [160, 600], [320, 50], [970, 250], [300, 600], [468, 60], [336, 280], [970, 90], [320, 100], [120, 600],
];

function adSize(block: Block): string | null {
  if (block.kind !== 'image' || block.linkCount === 0) return null;
  const { width, height } = block.rect;
  const size = AD_SIZES.find(([w, h]) => Math.abs(w - width) <= 2 && Math.abs(h - height) <= 2);
  return size ? `a linked image of the standard ad size ${size[0]}×${size[1]}` : null;
}

/** Advertisement slots: an "Advertisement" label, an element marked ad/ads/sponsor, a linked image of an ad size. */
export const advertisement: RemovalRule = {
  cause: 'advertisement',
  roles: { explains: 4, decides: 4 },
  block(block) {
    if (LABEL.test(block.text)) return `labelled ${quoted(block.text)}`;
    return adSize(block);
  },
  marksOnly: true,
  region(region) {
    const word = WORDS(region.tokens);
    return word ? `in ${describeElement(region.node, word)}` : null;
  },
};
