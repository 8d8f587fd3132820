/**
 * Reading and driving the annotator's overlay from a test. Its shadow root is closed, so neither the page nor
 * Playwright's selectors can see inside; the DevTools protocol can (DOM.getDocument with pierce). Clicks and keys
 * go through Playwright's mouse and keyboard, which the browser marks as trusted, like a user's.
 */
import type { CDPSession, Page } from 'playwright-core';
import { swEvaluate, type Launched } from './harness';

interface CdpNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  localName: string;
  nodeValue: string;
  attributes?: string[];
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

export interface OverlayBox {
  block: number;
  state: 'kept' | 'removed';
  corrected: boolean;
  label: string;
  backendNodeId: number;
}

export interface OverlayState {
  boxes: OverlayBox[];
  tooltip: string | null;
  count: string;
  status: string;
  stale: string;
  /** data-action → backend node id of the panel's buttons. */
  buttons: Record<string, number>;
}

function attrs(node: CdpNode): Record<string, string> {
  const out: Record<string, string> = {};
  const list = node.attributes ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]] = list[i + 1];
  return out;
}

function* walk(node: CdpNode): Generator<CdpNode> {
  yield node;
  for (const child of [...(node.shadowRoots ?? []), ...(node.children ?? [])]) yield* walk(child);
}

function text(node: CdpNode): string {
  return [...walk(node)].filter((n) => n.nodeType === 3).map((n) => n.nodeValue).join('');
}

export class OverlayDriver {
  private constructor(private readonly page: Page, private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<OverlayDriver> {
    return new OverlayDriver(page, await page.context().newCDPSession(page));
  }

  /** The overlay as the user sees it, or null when there is none on the page. */
  async read(): Promise<OverlayState | null> {
    const { root } = (await this.cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
    const host = [...walk(root)].find((n) => n.localName === 'pith-annotator');
    const shadow = host?.shadowRoots?.[0];
    if (!shadow) return null;
    const nodes = [...walk(shadow)];
    const byClass = (cls: string) => nodes.find((n) => (attrs(n).class ?? '').split(' ').includes(cls));
    const tooltip = byClass('tooltip');
    const buttons: Record<string, number> = {};
    for (const n of nodes) if (n.localName === 'button' && attrs(n)['data-action']) buttons[attrs(n)['data-action']] = n.backendNodeId;
    return {
      boxes: nodes
        .filter((n) => attrs(n).class === 'box')
        .map((n) => {
          const a = attrs(n);
          return { block: Number(a['data-block']), state: a['data-state'] as 'kept' | 'removed', corrected: 'data-corrected' in a, label: a['aria-label'] ?? '', backendNodeId: n.backendNodeId };
        }),
      tooltip: tooltip && !('hidden' in attrs(tooltip)) ? text(tooltip) : null,
      count: text(byClass('count')!),
      status: text(byClass('status')!),
      stale: text(byClass('stale')!),
      buttons,
    };
  }

  async waitFor<T>(what: string, check: (state: OverlayState) => T | null | undefined | false, timeout = 20_000): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: OverlayState | null = null;
    for (;;) {
      last = await this.read();
      const value = last && check(last);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`overlay: ${what} not seen within ${timeout} ms; last state: ${JSON.stringify(last && { ...last, boxes: last.boxes.map((b) => `${b.block}:${b.state}${b.corrected ? '*' : ''}:${b.label.slice(0, 40)}`) })}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  async box(textPart: string): Promise<OverlayBox> {
    return this.waitFor(`a box for "${textPart}"`, (s) => s.boxes.find((b) => b.label.includes(textPart)));
  }

  /** Centre of a node in viewport coordinates, scrolled into view first. */
  async centre(backendNodeId: number): Promise<{ x: number; y: number }> {
    await this.cdp.send('DOM.scrollIntoViewIfNeeded', { backendNodeId });
    const { model } = (await this.cdp.send('DOM.getBoxModel', { backendNodeId })) as { model: { border: number[] } };
    const q = model.border;
    return { x: (q[0] + q[2] + q[4] + q[6]) / 4, y: (q[1] + q[3] + q[5] + q[7]) / 4 };
  }

  async hover(backendNodeId: number): Promise<void> {
    const { x, y } = await this.centre(backendNodeId);
    await this.page.mouse.move(x, y);
  }

  async click(backendNodeId: number, modifiers: ('Alt' | 'Shift')[] = []): Promise<void> {
    const { x, y } = await this.centre(backendNodeId);
    for (const m of modifiers) await this.page.keyboard.down(m);
    await this.page.mouse.click(x, y);
    for (const m of modifiers) await this.page.keyboard.up(m);
  }

  async detach(): Promise<void> {
    await this.cdp.detach().catch(() => {});
  }
}

/** The tab id of a page (found by its URL through the service worker). */
export async function tabIdOf(launched: Launched, url: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const id = await swEvaluate(
      launched,
      async (u: string) => ((await (globalThis as any).chrome.tabs.query({ url: u })) as { id: number }[])[0]?.id ?? null,
      url,
      'chrome.tabs.query',
    );
    if (id !== null) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no tab for ${url}`);
}

/** Turns the annotator on for a tab the way the context menu and Alt+Shift+A do. */
export async function annotate(launched: Launched, tabId: number): Promise<unknown> {
  return swEvaluate(
    launched,
    async (id: number) => {
      const chrome = (globalThis as any).chrome;
      return (globalThis as any).pithAnnotate(await chrome.tabs.get(id));
    },
    tabId,
    'pithAnnotate',
  );
}
