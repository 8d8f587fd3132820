/**
 * Fails when HTML is injected anywhere but the audited places: `.innerHTML =`, `.outerHTML =`, `insertAdjacentHTML`,
 * `document.write` and `dangerouslySetInnerHTML` may appear only in the files listed here, each with why it is safe.
 * Reading `.innerHTML` is fine. Run by scripts/test.sh (`npm run check:html`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const AUDITED: Record<string, string> = {
  'entrypoints/reader/components/ArticleView.tsx': 'injects only SanitizedHtml, the branded output of src/render/sanitize.ts',
  'entrypoints/reader/components/FirstView.tsx': 'injects only SanitizedHtml, the branded output of src/render/sanitize.ts',
  'entrypoints/reader/components/reading/NextPages.tsx': 'injects only SanitizedHtml (a next page rendered by src/render, sanitised there)',
  'src/snapshot/images.ts': "parses a <noscript>'s markup into an inert <template> to find its image; nothing is shown",
  'src/render/normalize-math.ts': 'a constant MathML skeleton, no page text',
  'bench/lib/baselines/html-text.ts': "the benchmark's baseline: text of Readability's HTML in a detached element of its own document",
};

const SINK = /\.(?:inner|outer)HTML\s*=(?!=)|insertAdjacentHTML|document\.write\(|dangerouslySetInnerHTML/;
const ROOTS = ['src', 'entrypoints', 'ext', 'bench/lib'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const found: string[] = [];
for (const file of ROOTS.flatMap(files)) {
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    if (SINK.test(line) && !/^\s*(\/\/|\*)/.test(line) && !(file in AUDITED)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
  });
}
if (found.length > 0) {
  console.error(`HTML injected outside the audited places (scripts/check-html-sinks.ts lists them):\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`HTML sinks only in the ${Object.keys(AUDITED).length} audited files`);
