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
import { copyTree } from '../snapshot/copy-tree';
import type { Block, PageSnapshot } from '../snapshot/types';
import { droppedByExtractor, keptArticlePart } from './article-part';

/** Formulas a page shows as markup (KaTeX, MathJax, MathML, a data-math attribute). */
const FORMULA_MARKUP = 'math, .katex, mjx-container, .MathJax, [data-math], [data-latex], [data-tex], [data-pith-tex]';
/** Text beside a formula that still makes a block "a formula" (a label, a comma). */
const MAX_TEXT_BESIDE = 12;

/** Whether the block is a formula, or text whose every picture is a formula image. */
function holdsFormulas(snapshot: PageSnapshot, b: Block): boolean {
  if (b.kind === 'math') return true;
  if (b.images.length > 0) return b.images.every((img) => texOfImageSource(img.src, img.alt) !== null);
  if (b.kind !== 'text' || !/data-math|data-latex|data-tex|katex|<math|mjx-/.test(snapshot.html)) return false;
  const el = copyTree(snapshot).querySelector(`[data-pith-block="${b.id}"]`);
  const formulas = el ? Array.from(el.querySelectorAll(FORMULA_MARKUP)) : [];
  if (formulas.length === 0) return false;
  const inFormulas = formulas.reduce((n, f) => n + (f.textContent ?? '').replace(/\s+/g, '').length, 0);
  return (el?.textContent ?? '').replace(/\s+/g, '').length - inFormulas <= MAX_TEXT_BESIDE;
}

const hasContent = (b: Block) => b.visible && (b.text.trim() !== '' || b.images.length > 0);

export function formulaInTextDecisions(snapshot: PageSnapshot, record: DecisionRecord): Decision[] {
  const out: Decision[] = [];
  const blocks = snapshot.blocks;
  for (let i = 0; i < blocks.length; i++) {
    if (!hasContent(blocks[i]) || !droppedByExtractor(record, blocks[i]) || !holdsFormulas(snapshot, blocks[i])) continue;
    // The run of dropped formula blocks starting here (invisible and empty blocks in between are passed over).
    const run: Block[] = [blocks[i]];
    let j = i + 1;
    for (; j < blocks.length; j++) {
      const b = blocks[j];
      if (!hasContent(b)) continue;
      if (!droppedByExtractor(record, b) || !holdsFormulas(snapshot, b)) break;
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
