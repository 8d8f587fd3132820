import { commonAncestor } from '../boilerplate/page-view';
import { describeElement } from '../boilerplate/words';
import type { Decision, DecisionRecord } from '../decisions/types';
import { nodeSignature } from '../page-type/repeats';
import type { Block, PageSnapshot } from '../snapshot/types';

/**
 * An article that a page builder cut into sibling sections (one wrapper per heading, paragraph run or image): Readability
 * scores each section alone and appends to its choice only the siblings that score high on their own, so a long story
 * comes back as three of its thirty sections. When the structural extractor kept prose (a paragraph of at least
 * `PROSE_MIN_CHARS`, mostly not links) in at least two children of one element, that element is the article, and its
 * other children of the same kind are sections of it too: kept unless they are mostly links (a row of related
 * stories or share buttons has the same wrapper). A kept hashtag or contact line beside the prose is no section.
 */
export const MAX_SECTION_LINK_SHARE = 0.3;
const PROSE_MIN_CHARS = 80;

interface Section {
  blocks: Block[];
  chars: number;
  linkChars: number;
}

/** Kept decisions for the same-kind sibling sections of the article the structural extractor found in pieces. */
export function siblingSectionDecisions(snapshot: PageSnapshot, record: DecisionRecord, kept: ReadonlySet<number>): Decision[] {
  const keptBlocks = snapshot.blocks.filter((b) => kept.has(b.id) && b.visible && b.text);
  if (keptBlocks.length < 2) return [];
  const article = commonAncestor(snapshot, keptBlocks.map((b) => b.node));
  if (article < 0) return [];

  const sections = new Map<number, Section>(); // by child of the article element
  for (const block of snapshot.blocks) {
    if (!block.visible || !block.text) continue;
    const child = childOf(snapshot, block.node, article);
    if (child < 0) continue;
    let section = sections.get(child);
    if (!section) sections.set(child, (section = { blocks: [], chars: 0, linkChars: 0 }));
    section.blocks.push(block);
    section.chars += block.text.length;
    section.linkChars += block.linkTextLength;
  }
  const keptKinds = new Map<string, string>(); // signature → the element in words
  let keptSections = 0;
  for (const [child, section] of sections) {
    if (!section.blocks.some((b) => kept.has(b.id) && isProse(b))) continue;
    keptSections++;
    const signature = nodeSignature(snapshot, child);
    if (!keptKinds.has(signature)) keptKinds.set(signature, describeElement(snapshot.nodes[child]!, signature.split('.')[1] || null));
  }
  if (keptSections < 2) return [];

  const decisions: Decision[] = [];
  for (const [child, section] of sections) {
    const kind = keptKinds.get(nodeSignature(snapshot, child));
    if (kind === undefined || section.blocks.some((b) => kept.has(b.id))) continue;
    const linkShare = section.linkChars / Math.max(1, section.chars);
    if (linkShare > MAX_SECTION_LINK_SHARE) continue;
    for (const block of section.blocks) {
      if (record.decisions[block.id]) continue; // hidden, an overlay or empty: decided already
      decisions.push({
        block: block.id,
        kept: true,
        stage: 'readability',
        reason: `Part of the article: a section (${kind}) like the ${keptSections} sections of prose the structural extractor kept, ${Math.round(linkShare * 100)} % links`,
        score: linkShare,
        threshold: MAX_SECTION_LINK_SHARE,
        evidence: { kind: 'structural-extractor', extractor: 'readability', kept: true },
      });
    }
  }
  return decisions;
}

function isProse(block: Block): boolean {
  return block.text.length >= PROSE_MIN_CHARS && block.linkTextLength / block.text.length <= MAX_SECTION_LINK_SHARE;
}

/** The child of `ancestor` on the way up from `node`, or -1 when `node` is not below it. */
function childOf(snapshot: PageSnapshot, node: number, ancestor: number): number {
  for (let n = node; n >= 0; ) {
    const parent = snapshot.nodes[n]?.parent ?? -1;
    if (parent === ancestor) return n;
    n = parent;
  }
  return -1;
}
