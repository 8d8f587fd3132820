import type { RemovalRule } from '../types';
import { quoted } from '../words';

/**
 * The skip links at the top of a page, for keyboard and screen-reader users ("Skip to main content"), in the languages
 * Pith reads: a line of their own, never part of the article.
 */
const TEXT =
  /^(skip (to|over)\b[^.!?]{1,40}|jump to (the )?(main )?(content|navigation|search)|(direkt )?zum (haupt)?inhalt( springen)?|(aller|passer) au contenu( principal)?|(saltar|ir) al contenido( principal)?|(pular|ir) para o conteúdo( principal)?|(vai|salta) al contenuto( principale)?|перейти к (основному )?содержанию|本文へ(スキップ|移動)|メインコンテンツへ(スキップ|移動)|跳(到|至|转到)主要内容|본문 바로가기|(تخطى|انتقل) إلى المحتوى|(langsung|lompat) ke konten( utama)?)$/i;
const MAX_TEXT = 60;

/** "Skip to main content" and its kind: the page's navigation aids, named as part of the navigation. */
export const skipLink: RemovalRule = {
  cause: 'nav-menu',
  roles: { explains: 6, decides: 6 },
  block(block) {
    const text = block.text;
    if (text.length === 0 || text.length > MAX_TEXT) return null;
    return TEXT.test(text) ? `skip link ${quoted(text)}` : null;
  },
};
