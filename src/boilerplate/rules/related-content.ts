import type { Block } from '../../snapshot/types';
import { blockLinkShare } from '../page-view';
import type { RemovalRule } from '../types';
import { inRegion, quoted, wordMatcher } from '../words';

const WORDS = wordMatcher(['related', 'related-posts', 'relatedposts', 'jp-relatedposts', 'recommended', 'recommendations', 'more-stories', 'you-may-like', 'also-read', 'read-next', 'read-more', 'popular', 'popular-posts', 'trending', 'most-read', 'most-popular', 'taboola', 'outbrain', 'recirc', 'recirculation', 'further-reading', 'more-articles', 'latest-posts', 'recent-posts', 'upsells', 'up-sells', 'cross-sells', 'crosssells', 'also-bought', 'also-viewed']);
const HEADING = /^(related( posts| articles| stories| content| reading| links)?|you (may|might) also (like|enjoy)|more (from|stories|on|like this|articles|news)\b.*|recommended( for you| reading| articles)?|popular( posts| articles| now)?|trending( now)?|read (more|next|also)|also read|most (read|popular|viewed|shared)|further reading|latest (posts|news|articles)|recent (posts|articles))\s*:?$/i;

/** The same headings in the other languages Pith reads, whole (a heading that goes on is the page's own). */
const OTHER_LANGUAGE_HEADING = new RegExp(
  `^(${[
    // de, fr, es, it, pt, nl
    'mehr zum thema', 'das könnte sie auch interessieren', 'auch interessant', 'lesen sie auch', 'ähnliche artikel', 'weitere artikel', 'meistgelesen',
    'à lire aussi', 'lire aussi', 'sur le même sujet', 'articles similaires', 'les plus lus',
    'te puede interesar', 'noticias relacionadas', 'artículos relacionados', 'lo más leído', 'más leídas', 'lee también',
    'potrebbe interessarti', 'articoli correlati', 'i più letti', 'leggi anche',
    'leia também', 'notícias relacionadas', 'mais lidas', 'veja também',
    'lees ook', 'meer nieuws', 'gerelateerde artikelen',
    // pl, ru, uk, el, tr, id (/iu does not fold Turkish "İ" to "i": the capitalised form is listed too)
    'czytaj także', 'czytaj też', 'zobacz także', 'zobacz też', 'najczęściej czytane', 'podobne artykuły', 'polecamy',
    'читайте также', 'смотрите также', 'похожие новости', 'похожие статьи', 'новости по теме', 'другие новости', 'самое читаемое',
    'наиболее просматриваемые статьи', 'последние новости', 'лента новостей', 'новостная лента', 'читайте також', 'останні новини',
    'διαβάστε επίσης', 'σχετικά άρθρα', 'δημοφιλή', 'πιο δημοφιλή', 'τελευταία νέα',
    'ilgili haberler', 'İlgili haberler', 'benzer haberler', 'en çok okunanlar', 'baca juga', 'berita terkait', 'terpopuler',
    // zh, ja, ko, ar
    '相关新闻', '相关阅读', '相关文章', '热门文章', '热点新闻', '推荐阅读', '延伸阅读', '関連記事', '人気記事', '관련 기사', '많이 본 뉴스', 'اقرأ أيضا', 'أخبار ذات صلة', 'الأكثر قراءة',
  ].join('|')})\\s*:?$`,
  'iu',
);

/** "Also read: <link>" lines placed inside an article. */
const LEAD_IN =
  /^(also read|read also|read more|related|see also|recommended|more|further reading|read next|lesen sie auch|mehr zum thema|à lire aussi|lire aussi|lee también|leggi anche|leia também|veja também|lees ook|czytaj także|czytaj też|zobacz także|zobacz też|читайте также|смотрите также|читайте також|διαβάστε επίσης|baca juga|相关阅读|延伸阅读)\s*:/iu;

function isRelatedHeading(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'heading' && block.text.length <= 80 && (HEADING.test(block.text) || OTHER_LANGUAGE_HEADING.test(block.text));
}

/** Related-content lists: "You may also like", "Most read", an element marked related/recommended/popular. */
export const relatedContent: RemovalRule = {
  cause: 'related-content',
  roles: { explains: 17 },
  block(block) {
    if (isRelatedHeading(block)) return `heading ${quoted(block.text)}`;
    if (block.text.length <= 200 && LEAD_IN.test(block.text) && blockLinkShare(block) >= 0.5) return `link ${quoted(block.text)}`;
    return null;
  },
  region(region) {
    const word = WORDS(region.tokens);
    if (word) return inRegion(region, word);
    if (isRelatedHeading(region.firstBlock)) return `under the heading ${quoted(region.firstBlock!.text)}, ${Math.round(region.linkShare * 100)}% links`;
    return null;
  },
};
