/** The reader-speed report: each phase's median time after the click, over the pages, as a Markdown table. */
import { median } from '../../bench/lib/scoring/aggregate';

export interface PagePhases {
  id: string;
  /** Milliseconds after the click, by mark name (ext/timeline.ts) or paint. */
  at: Record<string, number>;
  /** Message sizes (JSON characters) by mark name. */
  bytes: Record<string, number>;
}

/** The phases in the order they happen, with what each means. Marks a run does not have are left out. */
export const PHASES: readonly { mark: string; label: string }[] = [
  { mark: 'action', label: 'action handler runs (background)' },
  { mark: 'extract:requested', label: 'extraction requested' },
  { mark: 'reader:tab-created', label: 'reader tab created' },
  { mark: 'reader:navigation', label: 'reader navigation starts' },
  { mark: 'reader:response', label: 'reader page loaded (response end)' },
  { mark: 'reader:parsed', label: 'reader HTML parsed (DOM interactive)' },
  { mark: 'first-paint', label: 'reader first paint (skeleton; spinner before)' },
  { mark: 'reader:script', label: 'reader script starts' },
  { mark: 'reader:view-loaded', label: 'reader article view code loaded' },
  { mark: 'extract:start', label: 'extraction starts in the source tab' },
  { mark: 'extract:end', label: 'extraction ends in the source tab' },
  { mark: 'extract:returned', label: 'extraction result back from the source tab' },
  { mark: 'read:first-view', label: 'reader has what it paints first' },
  { mark: 'early-read:sent', label: 'background hands the read to the reader' },
  { mark: 'read:received', label: 'reader has the extraction' },
  { mark: 'read:ready', label: 'corrections (and perplexity) applied' },
  { mark: 'article:html', label: 'article HTML rendered and sanitised' },
  { mark: 'article:rendered', label: 'article (first screen since this change) in the reader DOM' },
  { mark: 'article:painted', label: 'reader learns the first screen was painted (then loads its controls)' },
  { mark: 'text-paint', label: '**article text painted** (title or first blocks, Element Timing: what the user sees)' },
  { mark: 'app:loaded', label: 'full reader code loaded' },
  { mark: 'article-paint', label: 'article painted (first largest-contentful paint after that)' },
  { mark: 'app:rendered', label: 'full reader with its controls rendered' },
];

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

export function readerSpeedTable(pages: readonly PagePhases[], context: { dataset: string; load: readonly number[] }): string {
  const lines = [
    `Reader speed, ${context.dataset}, ${pages.length} pages; 1-minute load average during the run: median ${median([...context.load]).toFixed(1)} (min ${Math.min(...context.load).toFixed(1)}, max ${Math.max(...context.load).toFixed(1)}).`,
    '',
    '| phase | median ms after click | min | max | pages |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const { mark, label } of PHASES) {
    const values = pages.flatMap((p) => (p.at[mark] === undefined ? [] : [p.at[mark]]));
    if (values.length === 0) continue;
    lines.push(`| ${label} | ${fmt(median(values))} | ${fmt(Math.min(...values))} | ${fmt(Math.max(...values))} | ${values.length} |`);
  }
  const sizes = [...new Set(pages.flatMap((p) => Object.keys(p.bytes)))];
  if (sizes.length > 0) {
    lines.push('', '| message | median size (JSON characters) | max |', '|---|---:|---:|');
    for (const name of sizes) {
      const values = pages.flatMap((p) => (p.bytes[name] === undefined ? [] : [p.bytes[name]]));
      lines.push(`| ${name} | ${fmt(median(values))} | ${fmt(Math.max(...values))} |`);
    }
  }
  return lines.join('\n');
}
