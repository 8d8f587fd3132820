/**
 * A Q&A page's question when it sits in its own element before the answers' list (Stack Exchange–style markup: the
 * question, then a container of answers): the repeated group of posts holds only the answers, and the question
 * joins it as its first member.
 */
import { isInside } from '../boilerplate/ancestry';
import type { PageSnapshot } from '../snapshot/types';
import type { RepeatedGroup } from './repeats';

/** An element that is the question itself: a class or id word "question", or schema.org's Question type. */
const QUESTION_WORD = /(?:^|\s)(?:question|https?:\/\/schema\.org\/question)(?=\s|$)/;

/**
 * The group with the question element in front, when none of its members is or holds a question, one question
 * element (with text) comes before the first member, and it is a child of an element that holds the answers' list
 * (the question and the answers in one column). Otherwise the group as it is.
 */
export function withQuestionFirst(snapshot: PageSnapshot, group: RepeatedGroup, chars: Float64Array): RepeatedGroup {
  const first = group.members[0]!;
  const questions = snapshot.nodes.filter((n) => QUESTION_WORD.test(n.hint));
  if (questions.length === 0) return group;
  if (questions.some((q) => group.members.some((m) => isInside(snapshot, q.id, m)))) return group;
  // The outermost question elements before the answers (a question marked on its wrapper and again on its layout
  // counts once); several are a list of questions (an FAQ), not one thread's question.
  const before = questions.filter((q) => q.id < first && !isInside(snapshot, first, q.id));
  const outermost = before.filter((q) => !before.some((o) => o !== q && isInside(snapshot, q.id, o.id)));
  if (outermost.length !== 1) return group;
  const question = outermost[0]!.id;
  const parent = snapshot.nodes[question]!.parent;
  if (parent < 0 || !isInside(snapshot, group.parent, parent) || !(chars[question]! > 0)) return group;
  return { ...group, members: [question, ...group.members], chars: group.chars + chars[question]! };
}
