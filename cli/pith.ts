/**
 * `pith`: web archives, JSON lines or saved pages in, one JSON line per page out: the article's text (or Markdown,
 * HTML, the full record), its title and language, as Pith's reader mode extracts it in headless Chromium.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_VIEWPORT } from '../scripts/lib/browser';
import { UsageError, exitCodeOf, parseOnOff, parsePositiveInt, parseSeconds, parseViewport } from '../scripts/lib/cli-options';
import { stopOnSignals } from '../scripts/lib/shutdown';
import { MODEL_LANGUAGES } from '../src/perplexity/languages';
import { OUTPUT_FORMATS, type OutputFormat } from './corpus/extract-item';
import { runCorpus, summaryLine, type CorpusJob } from './corpus/run';
import { parseShard } from './corpus/selection';

const DEFAULT_CONCURRENCY = 2;
const DEFAULT_TIMEOUT_S = '30';
const DEFAULT_MAX_PAGE_MB = '16';
const MB = 1024 * 1024;

export const USAGE = `Usage: pith [options] <input>... [-o out.jsonl]

Extracts the main text of every web page in the inputs with Pith's reader mode (the same code as the browser
extension, run in headless Chromium) and writes one JSON line per page, in input order.

Inputs (any mix, read in the order given):
  crawl.warc, crawl.warc.gz   HTML response and resource records; other records are skipped (non-HTML and non-2xx
                              responses are counted in the summary). Gzip per record or whole file, chunked
                              transfer and gzip/deflate/br content encoding are decoded.
  pages.jsonl[.gz]            one {"html": "…", "url": "…", "id": "…"} per line (url and id optional)
  page.html                   a saved page (its folder serves its stylesheets and images)
  DIR                         every .warc[.gz], .jsonl[.gz] and .html file under DIR, sorted by path
  'crawl/*.warc.gz'           a glob (quote it), matches sorted by path
  -                           standard input (WARC, JSON lines or one HTML page, told apart by the first bytes)
  Charset: the HTTP Content-Type's, else the page's <meta charset>, else bytes that are valid UTF-8 are read as
  UTF-8 (and others as windows-1252).

Output (standard output unless -o):
  {"id", "url", "title", "lang", "text", "ms"} per page: id is the WARC-Record-ID, the line's "id" (else
  FILE:LINE) or the file's path; url is null when the input has none; lang is the page's language (ISO 639-1,
  "und" when unknown); ms is the time spent on the page. A page that fails or times out gets a line with "error"
  (and no text), never a gap. A summary (pages, errors, pages per second) goes to stderr at the end, and a progress
  bar while it runs when stderr is a terminal.

Options:
  -o, --out FILE          write the JSON lines to FILE
  --format FORMAT         text (default), markdown, html, or json (the full record: every block with its decision
                          and the reason for each removal, in a "record" field)
  --resume                append to --out, skipping the ids it already holds (a half-written last line is cut
                          off and its page done again). Ids must be unique in the input.
  --shard I/N             take every N-th page starting with the I-th (0 ≤ I < N), by position in the input: the
                          same inputs split the same way on every run and machine. Run N processes with I = 0…N-1.
  --concurrency N         pages at once, each in its own tab of one headless Chromium (default ${DEFAULT_CONCURRENCY})
  --limit N               stop after N pages (after sharding and resuming)
  --timeout SECONDS       per page, loading included (default ${DEFAULT_TIMEOUT_S})
  --max-page-mb MB        a larger page is an error line and is not read (default ${DEFAULT_MAX_PAGE_MB})
  --perplexity            also run the perplexity stage (n-gram language models, ${MODEL_LANGUAGES.length} languages)
  --block-model           let the learned block model overturn the pipeline where it is very confident (off by default)
  --scripts on|off        run the pages' own scripts (default off: archived pages' scripts lost their servers)
  --viewport WxH          window size (default ${DEFAULT_VIEWPORT.width}x${DEFAULT_VIEWPORT.height}; layout analysis assumes it)
  --page-console          pass Pith's console errors and warnings from the pages on to stderr
  --no-progress           no progress bar even on a terminal
  --serve                 for integrations (integrations/dask/): standard input lines may also be {"path": FILE}
                          (that file's pages) or {"flush": TOKEN} (answered with {"end": TOKEN} once every page
                          before it is written), so one long-lived Chromium serves many partitions
  -h, --help              this text

Examples:
  pith crawl.warc.gz -o pages.jsonl
  pith --resume --shard 2/8 --concurrency 4 'crawl/*.warc.gz' -o shard-2.jsonl
  zcat pages.jsonl.gz | pith - --format markdown > pages.md.jsonl

Chromium: /usr/bin/chromium, or the program named in the environment variable PITH_CHROMIUM.
Exit status: 0 when the run completed (failed pages are error lines), 1 when it could not run (no such input,
Chromium missing), 2 on a bad command line. One page as Markdown, to read: npm run extract -- page.html`;

function parseFormat(value: string): OutputFormat {
  const format = OUTPUT_FORMATS.find((f) => f === value);
  if (!format) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${value}"`);
  return format;
}

export type PithCommand = { kind: 'help' } | { kind: 'run'; job: CorpusJob };

export function parsePithArgs(argv: string[], stderrIsTerminal = false): PithCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string', short: 'o' },
        format: { type: 'string', default: 'text' },
        resume: { type: 'boolean', default: false },
        shard: { type: 'string' },
        concurrency: { type: 'string', default: String(DEFAULT_CONCURRENCY) },
        limit: { type: 'string' },
        timeout: { type: 'string', default: DEFAULT_TIMEOUT_S },
        'max-page-mb': { type: 'string', default: DEFAULT_MAX_PAGE_MB },
        perplexity: { type: 'boolean', default: false },
        'block-model': { type: 'boolean', default: false },
        scripts: { type: 'string', default: 'off' },
        viewport: { type: 'string' },
        'page-console': { type: 'boolean', default: false },
        'no-progress': { type: 'boolean', default: false },
        serve: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) throw new UsageError('no input given (a file, a directory, a glob, or - for standard input)');
  if (values.resume && values.out === undefined) throw new UsageError('--resume needs --out FILE (the output it continues)');
  const maxPageMb = Number(values['max-page-mb']);
  if (!(maxPageMb > 0)) throw new UsageError(`--max-page-mb must be a positive number, got "${values['max-page-mb']}"`);
  return {
    kind: 'run',
    job: {
      inputs: positionals,
      out: values.out,
      format: parseFormat(values.format),
      resume: values.resume,
      shard: values.shard === undefined ? undefined : parseShard(values.shard),
      concurrency: parsePositiveInt('--concurrency', values.concurrency),
      limit: values.limit === undefined ? undefined : parsePositiveInt('--limit', values.limit),
      timeoutMs: parseSeconds('--timeout', values.timeout),
      maxPageBytes: maxPageMb * MB,
      perplexity: values.perplexity,
      blockModel: values['block-model'],
      pageScripts: parseOnOff('--scripts', values.scripts),
      viewport: values.viewport === undefined ? DEFAULT_VIEWPORT : parseViewport(values.viewport),
      pageConsole: values['page-console'],
      progressBar: stderrIsTerminal && !values['no-progress'],
      serve: values.serve,
    },
  };
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export function main(argv: string[]): Promise<number> {
  stopOnSignals(log);
  // A reader that closes the pipe early (pith … | head) ends the run quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  return exitCodeOf('', USAGE, async () => {
    const command = parsePithArgs(argv, process.stderr.isTTY === true);
    if (command.kind === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return;
    }
    const summary = await runCorpus(command.job, log);
    log(`pith: ${summaryLine(summary)}${command.job.out ? ` → ${command.job.out}` : ''}`);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
