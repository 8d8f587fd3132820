/**
 * The annotator's overlay on the live page: every block outlined (kept / removed, with its reason on hover or
 * focus), click or Space flips, a modifier-click marks a container as the main content, Ctrl+Z undoes, Esc
 * leaves. Drawn in a closed shadow root on a host outside <body>, so the page's styles, layout and scripts are
 * left alone; events the page synthesises (isTrusted false) are ignored.
 */
import { saveRules, withCorrections } from '@/ext/corrections-store';
import { labelledPage } from '@/src/corrections/labelled-data';
import { siteOf } from '@/src/corrections/rules';
import { containerOf, CorrectionSession } from '@/src/corrections/session';
import { findBlock, pageSignatures, type BlockSignature } from '@/src/corrections/signature';
import { applyCorrections } from '@/src/corrections/stage';
import { extractPageWithDom } from '@/src/pipeline/extract-page';
import type { Extraction } from '@/src/pipeline/types';
import type { BlockDomMap } from '@/src/snapshot/take-snapshot';
import { appendToChosenFile, downloadLine, pageHtmlWithout } from './page-html';
import { OVERLAY_CSS } from './styles';
import { errorMessage } from '@/src/error-message';

export const HOST_TAG = 'pith-annotator';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The union of the boxes of a block's live nodes, in viewport coordinates; null when nothing is laid out. */
function liveRect(nodes: readonly Node[]): DOMRect | null {
  const range = document.createRange();
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const node of nodes) {
    if (!node.isConnected) return null;
    let rect: DOMRect;
    if (node instanceof Element) rect = node.getBoundingClientRect();
    else {
      range.selectNodeContents(node);
      rect = range.getBoundingClientRect();
    }
    if (rect.width <= 0 || rect.height <= 0) continue;
    left = Math.min(left, rect.left);
    top = Math.min(top, rect.top);
    right = Math.max(right, rect.right);
    bottom = Math.max(bottom, rect.bottom);
  }
  return right > left && bottom > top ? new DOMRect(left, top, right - left, bottom - top) : null;
}

function host(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

export class Annotator {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly layer: HTMLDivElement;
  private readonly tooltip: HTMLDivElement;
  private readonly count: HTMLParagraphElement;
  private readonly status: HTMLParagraphElement;
  private readonly stale: HTMLParagraphElement;
  private readonly buttons: Record<'save' | 'undoAll' | 'export' | 'download' | 'reread' | 'close', HTMLButtonElement>;
  private extraction: Extraction | null = null;
  private dom: BlockDomMap = new Map();
  private session: CorrectionSession | null = null;
  private boxes = new Map<number, HTMLDivElement>();
  private order: number[] = [];
  private isStale = false;
  private readUrl = '';
  private readonly observer: MutationObserver;
  private readonly resize: ResizeObserver;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly onClose: () => void) {
    this.host = document.createElement(HOST_TAG);
    this.host.style.cssText = 'all: initial; position: absolute; left: 0; top: 0; width: 0; height: 0; z-index: 2147483647;';
    this.root = this.host.attachShadow({ mode: 'closed' });
    const style = el('style', {}, OVERLAY_CSS);
    this.layer = el('div', { class: 'layer' });
    this.tooltip = el('div', { class: 'tooltip', role: 'tooltip', id: 'pith-annotator-tooltip', hidden: '' });
    const panel = el('section', { class: 'panel', role: 'dialog', 'aria-label': 'Pith annotator' });
    const legend = el('p', { class: 'legend' });
    legend.append(el('span', { class: 'kept' }, 'kept'), el('span', { class: 'removed' }, 'removed'));
    this.count = el('p', { class: 'count', 'aria-live': 'polite' }, 'Reading the page…');
    this.status = el('p', { class: 'status', role: 'status' });
    this.stale = el('p', { class: 'stale', hidden: '' });
    const hint = el('p', { class: 'hint' }, 'Click or press Space to flip a block; Alt+click marks its container as the main content. Tab and the arrow keys move; Ctrl+Z undoes; Esc leaves.');
    this.buttons = {
      save: el('button', { type: 'button', 'data-action': 'save' }, 'Save corrections for this site'),
      undoAll: el('button', { type: 'button', 'data-action': 'undo-all' }, 'Undo all'),
      export: el('button', { type: 'button', 'data-action': 'export', title: 'Adds this page, with your labels, to a training-data file you choose' }, 'Export as training data'),
      download: el('button', { type: 'button', 'data-action': 'download', title: 'Downloads this page, with your labels, as one line of training data' }, 'Download as training data'),
      reread: el('button', { type: 'button', 'data-action': 'reread', hidden: '' }, 'Re-read the page'),
      close: el('button', { type: 'button', 'data-action': 'close' }, 'Close'),
    };
    const row = el('div', { class: 'buttons' });
    row.append(...Object.values(this.buttons));
    panel.append(el('h2', {}, 'Pith: correct this page'), legend, this.count, this.stale, this.status, row, hint);
    this.root.append(style, this.layer, this.tooltip, panel);

    const trusted = (handler: (e: Event) => void) => (e: Event) => {
      if (e.isTrusted) handler(e);
    };
    this.buttons.save.addEventListener('click', trusted(() => void this.save()));
    this.buttons.undoAll.addEventListener('click', trusted(() => this.undoAll()));
    this.buttons.export.addEventListener('click', trusted(() => void this.exportLine(false)));
    this.buttons.download.addEventListener('click', trusted(() => void this.exportLine(true)));
    this.buttons.reread.addEventListener('click', trusted(() => void this.read()));
    this.buttons.close.addEventListener('click', trusted(() => this.close()));
    this.layer.addEventListener('click', trusted((e) => this.onBoxClick(e as MouseEvent)));
    this.layer.addEventListener('mouseover', trusted((e) => this.showTooltip(this.boxOf(e.target))));
    this.layer.addEventListener('mouseout', trusted(() => this.showTooltip(this.boxOf(this.root.activeElement))));
    this.layer.addEventListener('focusin', trusted((e) => this.showTooltip(this.boxOf(e.target))));
    const onKey = trusted((e) => this.onKey(e as KeyboardEvent));
    window.addEventListener('keydown', onKey, true);
    this.cleanups.push(() => window.removeEventListener('keydown', onKey, true));

    this.observer = new MutationObserver((records) => this.onMutations(records));
    this.resize = new ResizeObserver(() => this.place());
    const onNavigate = () => this.checkUrl();
    window.addEventListener('popstate', onNavigate);
    window.addEventListener('hashchange', onNavigate);
    this.cleanups.push(() => {
      window.removeEventListener('popstate', onNavigate);
      window.removeEventListener('hashchange', onNavigate);
    });
    document.documentElement.append(this.host);
  }

  /** Reads the page with the pipeline (and the site's saved corrections) and draws the outlines. */
  async read(): Promise<void> {
    this.observer.disconnect();
    this.setStale(false);
    const pending = this.pendingSignatures();
    this.count.textContent = 'Reading the page…';
    let result: { extraction: Extraction; dom: BlockDomMap };
    try {
      result = await extractPageWithDom(document, {});
    } catch (error) {
      this.say(`Pith couldn’t read this page (${errorMessage(error)}).`, 'error');
      return;
    }
    this.extraction = await withCorrections(result.extraction);
    this.dom = result.dom;
    this.readUrl = location.href;
    this.session = new CorrectionSession(this.extraction);
    // Corrections made before a re-read follow their blocks (by signature); ones whose block is gone are dropped.
    const signatures = pageSignatures(this.extraction.snapshot);
    let lost = 0;
    for (const { signature, kept } of pending) {
      const block = findBlock(signature, signatures);
      if (block < 0) lost += 1;
      else if (this.session.verdict(block) !== kept) this.session.flip(block);
    }
    this.draw();
    const corrections = this.extraction.record.runs.filter((r) => r.path === 'corrections').pop();
    const notes = [corrections?.note ?? '', lost > 0 ? `${lost} unsaved correction${lost === 1 ? '' : 's'} no longer match the page` : ''].filter(Boolean);
    this.say(notes.join('. '), 'info');
    this.observer.observe(document.body ?? document.documentElement, { childList: true, subtree: true, characterData: true });
    this.resize.observe(document.documentElement);
    this.focusFirst();
  }

  private pendingSignatures(): { signature: BlockSignature; kept: boolean }[] {
    if (!this.session || !this.extraction) return [];
    return this.session.rules().map(({ signature, kept }) => ({ signature, kept }));
  }

  private draw(): void {
    this.layer.replaceChildren();
    this.boxes.clear();
    this.order = [];
    const { snapshot } = this.extraction!;
    for (const block of snapshot.blocks) {
      if (!block.visible || (block.text.length === 0 && block.images.length === 0)) continue;
      const box = el('div', { class: 'box', tabindex: '0', role: 'button', 'data-block': String(block.id), 'aria-describedby': 'pith-annotator-tooltip' });
      this.boxes.set(block.id, box);
      this.order.push(block.id);
      this.layer.append(box);
      this.paint(block.id);
    }
    this.place();
    this.updateCount();
  }

  /** Positions every box over its block (document coordinates). */
  private place(): void {
    for (const [id, box] of this.boxes) {
      const rect = liveRect(this.dom.get(id) ?? []);
      if (!rect) {
        box.hidden = true;
        continue;
      }
      box.hidden = false;
      box.style.left = `${rect.left + window.scrollX}px`;
      box.style.top = `${rect.top + window.scrollY}px`;
      box.style.width = `${rect.width}px`;
      box.style.height = `${rect.height}px`;
    }
  }

  private paint(block: number): void {
    const box = this.boxes.get(block);
    if (!box || !this.session) return;
    const kept = this.session.verdict(block);
    const corrected = kept !== this.session.original(block);
    box.dataset.state = kept ? 'kept' : 'removed';
    box.toggleAttribute('data-corrected', corrected);
    box.setAttribute('aria-pressed', String(!kept));
    const text = this.extraction!.snapshot.blocks[block].text;
    box.setAttribute('aria-label', `${kept ? 'Kept' : 'Removed'}${corrected ? ' (your change)' : ''}: ${text.slice(0, 80)}`);
  }

  private reasonFor(block: number): { verdict: string; reason: string } {
    const decision = this.extraction!.record.decisions[block];
    const kept = this.session!.verdict(block);
    const reason = decision?.reason ?? 'No decision was recorded for this block';
    if (kept !== this.session!.original(block)) {
      return { verdict: `${kept ? 'Kept' : 'Removed'}: your change (not saved yet)`, reason: `Pith had ${kept ? 'removed' : 'kept'} it: ${reason}` };
    }
    return { verdict: kept ? 'Kept' : 'Removed', reason };
  }

  private boxOf(target: EventTarget | Element | null): number | null {
    if (!(target instanceof HTMLElement)) return null;
    const box = target.closest<HTMLElement>('.box');
    return box ? Number(box.dataset.block) : null;
  }

  private showTooltip(block: number | null): void {
    const box = block === null ? undefined : this.boxes.get(block);
    if (!box || !this.extraction) {
      this.tooltip.hidden = true;
      return;
    }
    const { verdict, reason } = this.reasonFor(block!);
    this.tooltip.replaceChildren(el('span', { class: 'verdict' }, `${verdict}. `), el('span', { class: 'reason' }, reason));
    this.tooltip.hidden = false;
    const rect = box.getBoundingClientRect();
    const tip = this.tooltip.getBoundingClientRect();
    const top = rect.top - tip.height - 8 >= 0 ? rect.top - tip.height - 8 : Math.min(window.innerHeight - tip.height - 8, rect.bottom + 8);
    this.tooltip.style.top = `${Math.max(0, top)}px`;
    this.tooltip.style.left = `${Math.max(8, Math.min(rect.left, window.innerWidth - tip.width - 8))}px`;
  }

  private onBoxClick(e: MouseEvent): void {
    const block = this.boxOf(e.target);
    if (block === null || !this.session || this.isStale || !this.stillThere(block)) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.altKey || e.shiftKey) {
      this.session.markMainContainer(containerOf(this.extraction!.snapshot, block));
      for (const id of this.order) this.paint(id);
    } else {
      this.session.flip(block);
      this.paint(block);
    }
    this.updateCount();
    this.showTooltip(block);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      e.preventDefault();
      this.close();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      this.undo();
      return;
    }
    // Space and the arrows only act while a block of the overlay has the focus.
    if (document.activeElement !== this.host) return;
    const block = this.boxOf(this.root.activeElement);
    if (block === null) return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (!this.session || this.isStale || !this.stillThere(block)) return;
      this.session.flip(block);
      this.paint(block);
      this.updateCount();
      this.showTooltip(block);
    } else if (['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft'].includes(e.key)) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' || e.key === 'ArrowRight' ? 1 : -1;
      const next = this.order[Math.max(0, Math.min(this.order.length - 1, this.order.indexOf(block) + step))];
      const box = this.boxes.get(next);
      box?.focus();
      box?.scrollIntoView({ block: 'nearest' });
    }
  }

  private focusFirst(): void {
    const first = this.order.find((id) => !this.boxes.get(id)!.hidden);
    if (first !== undefined) this.boxes.get(first)!.focus({ preventScroll: true });
  }

  /** A block whose nodes left the page must not be flipped: its box would point at something else. */
  private stillThere(block: number): boolean {
    const nodes = this.dom.get(block) ?? [];
    if (nodes.every((n) => n.isConnected)) return true;
    this.setStale(true);
    return false;
  }

  private undo(): void {
    if (!this.session) return;
    const touched = this.session.undo();
    for (const id of touched) this.paint(id);
    this.updateCount();
  }

  private undoAll(): void {
    if (!this.session) return;
    this.session.undoAll();
    for (const id of this.order) this.paint(id);
    this.updateCount();
    this.say('All unsaved corrections undone.', 'info');
  }

  private updateCount(): void {
    const n = this.session?.count ?? 0;
    this.count.textContent = n === 1 ? '1 correction' : `${n} corrections`;
    this.buttons.save.disabled = n === 0 || this.isStale;
    this.buttons.undoAll.disabled = n === 0;
  }

  private say(message: string, kind: 'info' | 'error'): void {
    this.status.textContent = message;
    this.status.dataset.kind = kind;
  }

  private async save(): Promise<void> {
    if (!this.session || !this.extraction || this.isStale) return;
    const origin = siteOf(this.extraction.snapshot.url);
    if (!origin) {
      this.say('Corrections can be saved for web sites (http or https) only.', 'error');
      return;
    }
    const rules = this.session.rules();
    try {
      await saveRules(origin, rules);
    } catch (error) {
      this.say(`Your corrections couldn’t be saved (${errorMessage(error)}).`, 'error');
      return;
    }
    // The saved rules now decide these blocks, with the reason the reader will show.
    applyCorrections(this.extraction.snapshot, this.extraction.record, rules);
    this.session = new CorrectionSession(this.extraction);
    for (const id of this.order) this.paint(id);
    this.updateCount();
    this.say(`Saved ${rules.length} correction${rules.length === 1 ? '' : 's'} for ${host(origin)}. Pith applies them whenever it reads this site.`, 'info');
  }

  private async exportLine(download: boolean): Promise<void> {
    if (!this.session || !this.extraction) return;
    const line = `${JSON.stringify(labelledPage(this.extraction, pageHtmlWithout(this.host), this.session.changes()))}\n`;
    const fileName = 'pith-labelled-pages.jsonl';
    try {
      const outcome = download ? 'unsupported' : await appendToChosenFile(line, fileName);
      if (outcome === 'cancelled') return;
      if (outcome === 'unsupported') downloadLine(line, fileName, this.root);
      this.say(outcome === 'appended' ? 'Labelled page appended to the file.' : `Labelled page downloaded as ${fileName}.`, 'info');
    } catch (error) {
      this.say(`The labelled page couldn’t be written (${errorMessage(error)}).`, 'error');
    }
  }

  private onMutations(records: MutationRecord[]): void {
    const outside = records.some((r) => !this.host.contains(r.target) && r.target !== this.host);
    if (!outside) return;
    this.checkUrl();
    const gone = this.order.some((id) => (this.dom.get(id) ?? []).some((n) => !n.isConnected));
    const added = records.some((r) => [...r.addedNodes].some((n) => n !== this.host && (n.textContent ?? '').trim().length > 0));
    if (gone || added) this.setStale(true);
    else this.place();
  }

  private checkUrl(): void {
    if (this.readUrl && location.href !== this.readUrl) this.setStale(true);
  }

  private setStale(stale: boolean): void {
    this.isStale = stale;
    this.layer.toggleAttribute('data-stale', stale);
    this.stale.hidden = !stale;
    this.stale.textContent = stale ? 'This page changed since Pith read it, so the outlines may be out of date. Re-read it before correcting more.' : '';
    this.buttons.reread.hidden = !stale;
    this.updateCount();
  }

  close(): void {
    this.observer.disconnect();
    this.resize.disconnect();
    for (const cleanup of this.cleanups) cleanup();
    this.host.remove();
    this.onClose();
  }
}
