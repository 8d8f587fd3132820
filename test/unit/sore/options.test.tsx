import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import groupsFile from '../../../public/outlier-groups.json';
import { DEFAULT_SORE_SETTINGS, loadSoreSettings } from '../../../ext/sore-settings';

async function until<T>(probe: () => T | null | undefined | false, ms = 2000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('options page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.resetModules();
    document.body.innerHTML = '<div id="pith-options"></div>';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(groupsFile), { status: 200 })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the settings and the 13 groups, and saves edits', async () => {
    await import('../../../entrypoints/options/main');
    const groups = await until(() => {
      const d = document.querySelectorAll('#sore-groups details');
      return d.length ? d : null;
    });
    expect(groups).toHaveLength(13);
    // The hub default's own calibrated c, and the page says the defaults follow the model, in words (no model id).
    expect((document.getElementById('sore-group-cutoff') as HTMLInputElement).value).toBe(String(DEFAULT_SORE_SETTINGS.groupCutoff));
    const calibration = document.getElementById('sore-calibration')?.textContent ?? '';
    expect(calibration).toMatch(/its own defaults/);
    expect(calibration).not.toMatch(/Xenova|e5-small|\bE5\b/);
    expect((document.getElementById('sore-core-share') as HTMLInputElement).value).toBe('20');

    const c = document.getElementById('sore-group-cutoff') as HTMLInputElement;
    c.value = '0.72';
    c.dispatchEvent(new Event('input', { bubbles: true }));
    c.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => (document.getElementById('sore-status')?.textContent ?? '').includes('Saved'));
    expect((await loadSoreSettings()).groupCutoff).toBe(0.72);

    const legal = document.getElementById('sore-group-legal') as HTMLDetailsElement;
    legal.open = true;
    legal.dispatchEvent(new Event('toggle'));
    await until(() => document.querySelector('#sore-group-legal ul.phrases'));
    const remove = [...document.querySelectorAll<HTMLButtonElement>('#sore-group-legal button')].find(
      (b) => b.getAttribute('aria-label') === 'Remove "Imprint"',
    );
    if (!remove) throw new Error('no remove button for Imprint');
    remove.click();
    await until(() => document.querySelector('#sore-group-legal li.removed'));
    const added = document.querySelector('#sore-group-legal input[type=text]') as HTMLInputElement;
    added.value = 'Cookie settings';
    added.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 0));
    (document.querySelector('#sore-group-legal form') as HTMLFormElement).dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await until(() => document.querySelector('#sore-group-legal li.added'));
    await new Promise((r) => setTimeout(r, 50));
    expect((await loadSoreSettings()).phraseEdits).toEqual({ legal: { added: ['Cookie settings'], removed: ['Imprint'] } });
  });
});
