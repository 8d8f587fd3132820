/**
 * Chrome trace of one click in the built extension (a measurement, not a test): the browser is traced from just
 * before the toolbar action fires until the reader shows the article, and the trace is written as JSON
 * (chrome://tracing / Perfetto format) for `tools/lib/trace-summary.ts`.
 *   npm run build --silent && nice -n 5 npx tsx tools/reader-trace.ts --page file.html [--out trace.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { fireAction, launchWithExtension, pagePainted, servePages, swEvaluate } from '../test/e2e/harness';
import { readerDone } from '../scripts/lib/reader-done';

const { values } = parseArgs({
  options: {
    page: { type: 'string' },
    out: { type: 'string', default: 'reader-trace.json' },
    port: { type: 'string', default: '9339' },
    categories: { type: 'string', default: 'devtools.timeline,v8,v8.execute,toplevel,blink.user_timing,disabled-by-default-devtools.timeline,extensions,navigation,loading,disabled-by-default-v8.compile,disabled-by-default-v8.cpu_profiler' },
  },
});
if (!values.page) throw new Error('--page file.html is required');
const server = await servePages({ 'page.html': readFileSync(values.page, 'utf8') });
const launched = await launchWithExtension({ args: [`--remote-debugging-port=${values.port}`] });
try {
  const url = server.url('/page.html');
  const source = await launched.context.newPage();
  await source.goto(url, { waitUntil: 'load' });
  await pagePainted(source).catch(() => undefined);
  const tabId = await swEvaluate(launched, async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u }))[0]?.id as number), url, 'finding the tab');
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${values.port}`);
  const session = await cdp.newBrowserCDPSession();
  const events: unknown[] = [];
  session.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
  const done = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { traceConfig: { includedCategories: values.categories!.split(',') }, transferMode: 'ReportEvents' });
  await new Promise((r) => setTimeout(r, 300));
  const opened = launched.context.waitForEvent('page', { predicate: (p) => p.url().includes('/reader.html'), timeout: 30_000 });
  const clickedAt = await fireAction(launched, tabId);
  const reader = await opened;
  await readerDone(launched.context, reader);
  await reader.waitForTimeout(300);
  const marks = {
    background: await swEvaluate(launched, () => globalThis.__pithTimeline ?? [], undefined, 'timeline'),
    reader: await reader.evaluate(() => globalThis.__pithTimeline ?? []),
  };
  await session.send('Tracing.end');
  await done;
  writeFileSync(values.out!, JSON.stringify({ traceEvents: events, metadata: { clickedAt, marks } }));
  console.log(`${events.length} events → ${values.out}`);
  await cdp.close().catch(() => undefined);
} finally {
  await launched.close();
  await server.close();
}
