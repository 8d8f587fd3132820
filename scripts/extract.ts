/**
 * Pith's command line: the in-page pipeline (the same code the extension runs) in headless Chromium.
 *   npm run extract -- <page.html | http://127.0.0.1:PORT/...> [--format md|html|text|json] [--out FILE]
 *   npm run extract -- --in pages.jsonl[.gz] --out predictions.jsonl [--limit N] [--concurrency N]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ExportFormat } from '../src/pipeline/types';
import { DEFAULT_VIEWPORT } from './lib/browser';
import {
  UsageError,
  exitCodeOf,
  parsePositiveInt,
  parseSeconds,
  parseOnOff,
  parseViewport,
} from './lib/cli-options';
import { extractBatch, type BatchJob } from './lib/extract-batch';
import { extractSingle, type SingleJob } from './lib/extract-single';
import { EMBEDDER_HELP, parseSemantic, SEMANTIC_TIMEOUT_HELP, SORE_HELP } from './lib/semantic-option';
import { parseStages, selectableStages } from './lib/stages';
import { stopOnSignals } from './lib/shutdown';
import { LLM_HELP, parseLlm } from './lib/deep-clean';
import { parsePerplexityLm, PERPLEXITY_LM_CUTOFF_HELP, PERPLEXITY_LM_HELP } from './lib/perplexity-lm';

const FORMATS: readonly ExportFormat[] = ['md', 'html', 'text', 'json'];
const DEFAULT_SINGLE_FORMAT: ExportFormat = 'md';
const DEFAULT_BATCH_FORMAT: ExportFormat = 'text';
const DEFAULT_CONCURRENCY = 2;
const DEFAULT_TIMEOUT_S = '30';

const USAGE = `Usage:
  npm run extract -- <page.html | http://host:port/path> [options]
  npm run extract -- --in pages.jsonl[.gz] --out predictions.jsonl [options]

Prints the cleaned page (single page) or writes {"id","text","ms"} per input line, in order (batch).
When piping stdout, use npm run -s (silent): npm prints its own banner to stdout.

Options:
  --format md|html|text|json  output format (default: md for one page, text for a batch)
  --no-front-matter           Markdown: no YAML front matter (the title and a metadata line instead)
  --stages gce,...            stages after the snapshot (known: ${selectableStages().join(', ')}; default gce)
  --embedder SPEC             ${EMBEDDER_HELP}
  --sore k=…,c=…,d=…          ${SORE_HELP}
  --semantic-timeout SECONDS  ${SEMANTIC_TIMEOUT_HELP}
  --llm onnx:FOLDER           ${LLM_HELP}
  --perplexity-lm onnx:FOLDER ${PERPLEXITY_LM_HELP}
  --perplexity-lm-cutoff N    ${PERPLEXITY_LM_CUTOFF_HELP}
  --out FILE                  write to FILE instead of stdout (required for a batch)
  --in FILE                   batch input: JSON lines {"id","html","url"?}, optionally gzipped
  --limit N                   batch: only the first N lines
  --concurrency N             batch: pages in parallel (default ${DEFAULT_CONCURRENCY})
  --timeout SECONDS           per page, structural pass (default ${DEFAULT_TIMEOUT_S})
  --viewport WxH              window size (default ${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}; GCE assumes it)
  --scripts on|off            run the page's own scripts (default: on for URLs, off for saved HTML)
  --quiet                     do not pass Pith's console errors and warnings from the headless pages on to stderr
  -h, --help                  this text

Exit status: 0 ok, 1 failure (file not found, page unreachable), 2 bad usage.`;

export type ExtractCommand = { kind: 'help' } | { kind: 'single'; job: SingleJob } | { kind: 'batch'; job: BatchJob };

function parseFormat(value: string | undefined, fallback: ExportFormat): ExportFormat {
  if (value === undefined) return fallback;
  const format = FORMATS.find((f) => f === value);
  if (!format) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${value}"`);
  return format;
}


export function parseExtractArgs(argv: string[]): ExtractCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string' },
        'no-front-matter': { type: 'boolean', default: false },
        stages: { type: 'string' },
        embedder: { type: 'string' },
        sore: { type: 'string' },
        'semantic-timeout': { type: 'string' },
        llm: { type: 'string' },
        'perplexity-lm': { type: 'string' },
        'perplexity-lm-cutoff': { type: 'string' },
        out: { type: 'string' },
        in: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string' },
        timeout: { type: 'string', default: DEFAULT_TIMEOUT_S },
        viewport: { type: 'string' },
        scripts: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };

  let stages;
  try {
    stages = values.stages === undefined ? undefined : parseStages(values.stages);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const semantic = parseSemantic(stages, values.embedder, values.sore, values['semantic-timeout']);
  const llm = parseLlm(stages, values.llm);
  const perplexityLm = parsePerplexityLm(stages, values['perplexity-lm'], values['perplexity-lm-cutoff']);
  const viewport = values.viewport === undefined ? DEFAULT_VIEWPORT : parseViewport(values.viewport);
  const timeoutMs = parseSeconds('--timeout', values.timeout);
  const pageScripts = values.scripts === undefined ? undefined : parseOnOff('--scripts', values.scripts);
  const exportOptions = values['no-front-matter'] ? { frontMatter: false } : undefined;

  if (values.in !== undefined) {
    if (positionals.length > 0) throw new UsageError('give either a page or --in, not both');
    if (values.out === undefined) throw new UsageError('a batch (--in) needs --out FILE');
    return {
      kind: 'batch',
      job: {
        input: values.in,
        out: values.out,
        format: parseFormat(values.format, DEFAULT_BATCH_FORMAT),
        exportOptions,
        stages,
        semantic,
        llm,
        perplexityLm,
        limit: values.limit === undefined ? undefined : parsePositiveInt('--limit', values.limit),
        concurrency: parsePositiveInt('--concurrency', values.concurrency ?? String(DEFAULT_CONCURRENCY)),
        viewport,
        pageScripts: pageScripts ?? false,
        timeoutMs,
        quiet: values.quiet === true,
      },
    };
  }

  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one page at a time' : 'no page given');
  if (values.limit !== undefined || values.concurrency !== undefined) {
    throw new UsageError('--limit and --concurrency apply to a batch (--in) only');
  }
  return {
    kind: 'single',
    job: {
      input: positionals[0],
      format: parseFormat(values.format, DEFAULT_SINGLE_FORMAT),
      exportOptions,
      stages,
      semantic,
      llm,
      perplexityLm,
      out: values.out,
      viewport,
      pageScripts,
      timeoutMs,
      quiet: values.quiet === true,
    },
  };
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export function main(argv: string[]): Promise<number> {
  stopOnSignals(log);
  return exitCodeOf('extract', USAGE, async () => {
    const command = parseExtractArgs(argv);
    if (command.kind === 'help') process.stdout.write(`${USAGE}\n`);
    else if (command.kind === 'single') await extractSingle(command.job, log);
    else await extractBatch(command.job, log);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
