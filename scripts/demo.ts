/**
 * `npm run demo`: Pith's main job on a bundled sample page, end to end.
 *   1. The command-line pipeline (the same snapshot/GCE/fallback code as the extension, in headless Chromium)
 *      writes the cleaned page as Markdown, HTML, text and JSON (every block with its decision and reason) to out/.
 *   2. The built extension opens its reader for the same page; with "show removed" on and a removed block hovered,
 *      a screenshot of the reader and its tooltip goes to out/reader.png.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFormat } from '../src/pipeline/types';
import { launchWithExtension, openReaderFor, PAGES_DIR, ROOT, startServer } from '../test/e2e/harness';
import { DEFAULT_VIEWPORT } from './lib/browser';
import { runPith } from './lib/in-page';
import { ensurePageBundle } from './lib/page-bundle';
import { PagePool } from './lib/page-pool';
import { fileSource } from './lib/page-source';
import { errorMessage } from '../src/error-message';

const SAMPLE = 'news-multicolumn.html';
const OUT = join(ROOT, 'out');
const FORMATS: [ExportFormat, string][] = [['md', 'sample.md'], ['html', 'sample.html'], ['text', 'sample.txt'], ['json', 'sample.json']];
const PAGE_TIMEOUT_MS = 60_000;

async function extractWithCli(): Promise<string> {
  const path = join(PAGES_DIR, SAMPLE);
  const pool = new PagePool(await ensurePageBundle(), DEFAULT_VIEWPORT);
  let mode = '';
  try {
    for (const [format, file] of FORMATS) {
      const run = await pool.withPage(0, fileSource(path, await readFile(path)), { pageScripts: false, timeoutMs: PAGE_TIMEOUT_MS }, (page) =>
        runPith(page, undefined, format),
      );
      await writeFile(join(OUT, file), run.output);
      mode = `${run.mode} · ${Math.round(run.ms)} ms in the page`;
    }
  } finally {
    await pool.close();
  }
  return mode;
}

async function screenshotReader(): Promise<string> {
  const server = await startServer();
  const launched = await launchWithExtension();
  try {
    const session = await openReaderFor(launched, `${server.origin}/${SAMPLE}`);
    const { reader } = session;
    await reader.click('#pith-show-removed');
    const removed = reader.locator('.pith-removed').first();
    await removed.scrollIntoViewIfNeeded();
    await removed.hover();
    const tooltip = (await reader.locator('[role=tooltip].pith-tooltip').first().innerText()).replace(/\s*\n\s*/g, ' — ');
    await reader.screenshot({ path: join(OUT, 'reader.png') });
    return tooltip.trim();
  } finally {
    await launched.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const mode = await extractWithCli();
  console.log(`Extracted ${SAMPLE} from the command line: ${mode}`);
  const tooltip = await screenshotReader();
  console.log(`Reader opened by the extension; a removed block's tooltip reads: "${tooltip}"`);
  console.log(`Wrote ${FORMATS.map(([, f]) => `out/${f}`).join(', ')} and out/reader.png`);
}

main().catch((error: unknown) => {
  console.error(`pith demo: ${errorMessage(error)}`);
  process.exitCode = 1;
});
