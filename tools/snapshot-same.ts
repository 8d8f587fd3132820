/**
 * Whether this tree's snapshot code reads the test pages (test/fixtures, test/golden) exactly as another checkout's
 * does: the whole PageSnapshot (nodes, blocks, text, the cleaned copy, metadata; not its time) and the DOM behind each
 * block, under happy-dom. happy-dom has no layout, so rects and styles are the same defaults on both sides: a check of
 * the walk, the copy and the blocks for a refactor, beside tools/verdicts.ts in Chromium.
 *   npx tsx tools/snapshot-same.ts <other checkout, e.g. an export of main>
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Window } from 'happy-dom';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx tools/snapshot-same.ts <other checkout>');
const window = new Window({
  url: 'http://127.0.0.1/',
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true, disableIframePageLoading: true, navigation: { disableChildPageNavigation: true, disableChildFrameNavigation: true, disableMainFrameNavigation: true } } as never,
});
for (const key of Object.getOwnPropertyNames(window)) {
  if (!(key in globalThis)) (globalThis as Record<string, unknown>)[key] = (window as unknown as Record<string, unknown>)[key];
}
type Take = typeof import('../src/snapshot/take-snapshot').takeSnapshot;
const theirs: Take = (await import(join(resolve(other), 'src/snapshot/take-snapshot.ts'))).takeSnapshot;
const ours: Take = (await import('../src/snapshot/take-snapshot')).takeSnapshot;

function read(take: Take, html: string): string {
  const doc = window.document;
  doc.documentElement.innerHTML = html.replace(/<script[\s\S]*?<\/script>/gi, '');
  const { snapshot, dom } = take(doc as unknown as Document);
  return JSON.stringify({ ...snapshot, stats: { ...snapshot.stats, ms: 0 } }) + JSON.stringify([...dom].map(([id, nodes]) => [id, nodes.length]));
}

const files = execFileSync('find', ['test/fixtures', 'test/golden', '-name', '*.html'], { encoding: 'utf8' }).trim().split('\n').sort();
const differ = files.filter((file) => {
  const html = readFileSync(file, 'utf8');
  return read(theirs, html) !== read(ours, html);
});
console.log(`${files.length - differ.length} of ${files.length} pages give identical snapshots${differ.length ? `; differ: ${differ.join(', ')}` : ''}`);
await window.happyDOM.abort();
window.close();
process.exitCode = differ.length ? 1 : 0;
