/**
 * Formulas are part of the argument, though the structural extractor drops them: Readability's conditional cleaning
 * removes a display formula as a short block, and a paragraph or list item whose formulas are images (a LaTeX
 * service's, WordPress' latex.php) as one with more images than text. A run of such blocks is kept when the nearest
 * visible blocks before and after it are kept, or when it ends the page's text after a kept block (a formula that
 * closes the article).
 */
import { isKept } from '../decisions/record';
import type { Decision, DecisionRecord } from '../decisions/types';
import { texOfImageSource } from '../render/tex-images';
import { BLOCK_SELECTOR, blockId } from '../render/apply-decisions';
import { copyTree } from '../snapshot/copy-tree';
import { INLINE_MATH_WRAPPERS } from '../snapshot/element-traits';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart } from './article-part';

/** Formulas a page shows as markup (KaTeX, MathJax, MathML, a data-math attribute, TeX the snapshot marked). */
const FORMULA_MARKUP = `${INLINE_MATH_WRAPPERS}, [data-pith-tex]`;
/** Text beside a formula that still makes a block "a formula" (a label, a comma). */
const MAX_TEXT_BESIDE = 12;

const visibleChars = (el: Element) => (el.textContent ?? '').replace(/\s+/g, '').length;

/** Per block holding formula markup: characters (white space aside) outside its outermost formulas. */
function textBesideFormulas(snapshot: PageSnapshot): Map<number, number> {
  const beside = new Map<number, number>();
  if (!/<math|katex|mjx-|MathJax|mwe-math|data-math|data-latex|data-tex|data-pith-tex/.test(snapshot.html)) return beside;
  for (const f of Array.from(copyTree(snapshot).querySelectorAll(FORMULA_MARKUP))) {
    if (f.parentElement?.closest(FORMULA_MARKUP)) continue;
    const holder = f.closest(BLOCK_SELECTOR);
    const id = holder ? blockId(holder) : null;
    if (holder && id !== null) beside.set(id, (beside.get(id) ?? visibleChars(holder)) - visibleChars(f));
  }
  return beside;
}

/** Whether the block is a formula, or text whose every picture is a formula image; `besideFormulas` is read once per page. */
function holdsFormulas(b: Block, besideFormulas: () => Map<number, number>): boolean {
  if (b.kind === 'math') return true;
  if (b.images.length > 0) return b.images.every((img) => texOfImageSource(img.src, img.alt) !== null);
  if (b.kind !== 'text') return false;
  const beside = besideFormulas().get(b.id);
  return beside !== undefined && beside <= MAX_TEXT_BESIDE;
}

const hasContent = (b: Block) => b.visible && (b.text.trim() !== '' || b.images.length > 0);

export function formulaInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const out: Decision[] = [];
  const blocks = snapshot.blocks;
  let beside: Map<number, number> | undefined;
  const besideFormulas = () => (beside ??= textBesideFormulas(snapshot));
  for (let i = 0; i < blocks.length; i++) {
    if (!hasContent(blocks[i]) || !droppedByExtractor(record, blocks[i]) || !holdsFormulas(blocks[i], besideFormulas)) continue;
    // The run of dropped formula blocks starting here (invisible and empty blocks in between are passed over).
    const run: Block[] = [blocks[i]];
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const b = blocks[j];
      if (!hasContent(b)) continue;
      if (!droppedByExtractor(record, b) || !holdsFormulas(b, besideFormulas)) break;
      run.push(b);
    }
    let before: Block | undefined;
    for (let k = i - 1; k >= 0 && !before; k--) if (hasContent(blocks[k])) before = blocks[k];
    const after = blocks.slice(j).find(hasContent);
    i = j - 1;
    if (!before || !isKept(record, before.id) || (after && !isKept(record, after.id))) continue;
    for (const b of run) out.push(keptArticlePart(b.id, b.kind === 'math' ? 'A formula between kept paragraphs of the article' : 'A paragraph of formulas between kept paragraphs of the article'));
  }
  return out;
}
