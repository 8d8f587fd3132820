/**
 * The progress bar on a terminal (cli-progress, on stderr): share of the input read, pages done, errors and pages
 * per second. Lines logged meanwhile are printed above the bar. Without a total (standard input) it counts pages.
 */
import { MultiBar, Presets, type SingleBar } from 'cli-progress';

const REDRAW_MS = 200;

export class Progress {
  private readonly bars: MultiBar;
  private readonly bar: SingleBar;
  private readonly started = performance.now();
  private bytes = 0;
  private pages = 0;
  private errors = 0;

  /** @param totalBytes the inputs' size on disk, 0 when unknown */
  constructor(private readonly totalBytes: number) {
    const format = totalBytes > 0
      ? ' {bar} {percentage}% of the input | {pages} pages | {errors} errors | {rate} pages/s | {duration_formatted}'
      : ' {pages} pages | {errors} errors | {rate} pages/s | {duration_formatted}';
    this.bars = new MultiBar({ stream: process.stderr, format, hideCursor: true, fps: 1000 / REDRAW_MS, clearOnComplete: false }, Presets.shades_classic);
    this.bar = this.bars.create(Math.max(totalBytes, 1), 0, this.payload());
  }

  readBytes(n: number): void {
    this.bytes += n;
  }

  pageDone(failed: boolean): void {
    this.pages += 1;
    if (failed) this.errors += 1;
    this.bar.update(Math.min(this.bytes, this.totalBytes), this.payload());
  }

  log(line: string): void {
    this.bars.log(`${line}\n`);
  }

  stop(): void {
    this.bar.update(this.totalBytes > 0 ? this.totalBytes : 1, this.payload());
    this.bars.stop();
  }

  private payload(): Record<string, string | number> {
    const seconds = (performance.now() - this.started) / 1000;
    return { pages: this.pages, errors: this.errors, rate: seconds > 0 ? (this.pages / seconds).toFixed(1) : '0' };
  }
}
