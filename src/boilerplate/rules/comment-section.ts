import type { Block } from '../../snapshot/types';
import type { RemovalRule } from '../types';
import { describeElement, quoted, schemaType, wordMatcher } from '../words';

const WORDS = wordMatcher(['comments?', 'commentlist', 'comment-list', 'comments-area', 'comment-respond', 'respond', 'disqus', 'disqus_thread', 'discussion', 'responses', 'replies', 'comment-form', 'commentform', 'comment-section', 'talkback',
  // The plural in the other languages Pith reads (the singular may name an opinion column).
  'kommentare', 'komentarze', 'komentarzy', 'commentaires', 'comentarios', 'commenti', 'reacties', 'kommentarer', 'yorumlar']);
const HEADING = /^(\d+\s+)?(comments?|responses?|replies|reactions|leave a (reply|comment)|post a comment|add a comment|join the (discussion|conversation)|discussion|what do you think\??|(\d+\s+)?thoughts? on\b.*|one thought on\b.*)(\s*\(\d+\))?$/i;
/**
 * The same headings in the other languages Pith reads: the plural ("Kommentare", "Komentarze (813)", "Комментарии:")
 * and the invitation to write one. Not the singular where it also names an opinion column (German "Kommentar",
 * Polish "Komentarz"), nor a heading that goes on ("Комментарии недели", the week's commentary).
 */
const OTHER_LANGUAGE_HEADING =
  /^(\d+\s+)?(kommentare|kommentar (verfassen|schreiben|hinzufügen)|commentaires|laisser un commentaire|comentarios|deja un comentario|dejar un comentario|commenti|lascia un commento|comentários|deixe (um|seu) comentário|reacties|komentarze|dodaj komentarz|napisz komentarz|комментарии|оставить комментарий|добавить комментарий|коментарі|σχόλια|yorumlar|kommentarer|komentar|tulis komentar|التعليقات|评论|网友评论|網友評論|留言|コメント|댓글)\s*:?(\s*\(\d+\))?$/iu;

function isCommentHeading(block: Block | undefined): boolean {
  return block !== undefined && block.kind === 'heading' && block.text.length <= 120 && (HEADING.test(block.text) || OTHER_LANGUAGE_HEADING.test(block.text));
}

/** Comment sections: an element marked comments/respond/disqus, or one that opens with a "12 Comments" heading. */
export const commentSection: RemovalRule = {
  cause: 'comment-section',
  roles: { explains: 15 },
  block(block) {
    return isCommentHeading(block) ? `heading ${quoted(block.text)}` : null;
  },
  region(region) {
    if (schemaType(region, ['comment', 'usercomments'])) return `in ${describeElement(region.node)} of type Comment`;
    const word = WORDS(region.tokens);
    if (word) return `in ${describeElement(region.node, word)}`;
    if (isCommentHeading(region.firstBlock)) return `under the heading ${quoted(region.firstBlock!.text)}`;
    return null;
  },
};
