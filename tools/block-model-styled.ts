/**
 * Does the block model, learned on benchmark pages saved without their stylesheets, decide the same on pages with
 * their CSS? (issue 38, item 5). Reads each styled fixture page (tools/lib/styled-fixtures.ts) as written and without
 * its CSS, and scores against the page's truth: the pipeline alone, the model alone, and the model overturning the
 * pipeline where it is very confident (the shipped use). Lists the blocks whose model-alone decision differs between
 * the two renderings. Prints a Markdown report.
 *   npx tsx tools/block-model-styled.ts
 */
import { tokenPrf } from '../bench/lib/scoring/token-scores';
import { shippedBlockModel } from '../src/blocks/stage';
import { exportAs } from '../src/export';
import { modelText, readStyledFixtures, type Rendering } from './lib/styled-fixtures';

async function main(): Promise<void> {
  const model = await shippedBlockModel();
  const rows: string[] = [];
  const aloneKept = new Map<string, Map<Rendering, Set<string>>>();
  for (const { page, rendering, truth, extraction } of await readStyledFixtures()) {
    const f1 = (text: string): string => tokenPrf(text, truth).f1.toFixed(3);
    const alone = modelText(extraction, model, 'alone');
    const overturn = modelText(extraction, model, 'overturn');
    if (!aloneKept.has(page)) aloneKept.set(page, new Map());
    aloneKept.get(page)!.set(rendering, alone.kept);
    rows.push(`| ${page} | ${rendering} | ${f1(exportAs(extraction, 'text'))} | ${f1(alone.text)} | ${f1(overturn.text)} |`);
  }
  const differences: string[] = [];
  for (const [page, byRendering] of aloneKept) {
    const styled = byRendering.get('styled')!;
    const unstyled = byRendering.get('unstyled')!;
    for (const text of new Set([...styled, ...unstyled])) {
      if (styled.has(text) === unstyled.has(text)) continue;
      differences.push(`| ${page} | ${text.slice(0, 70).replace(/\|/g, '/')} | ${styled.has(text) ? 'keeps' : 'removes'} | ${unstyled.has(text) ? 'keeps' : 'removes'} |`);
    }
  }
  console.log('| page | rendering | pipeline F1 | model alone F1 | model overturning (shipped use) F1 |\n|---|---|---:|---:|---:|');
  console.log(rows.join('\n'));
  console.log(`\nBlocks the model alone decides differently with and without the page's CSS: ${differences.length}\n`);
  if (differences.length) console.log(`| page | block | with CSS | without |\n|---|---|---|---|\n${differences.join('\n')}`);
}

main().catch((error) => {
  process.stderr.write(`block-model-styled: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
