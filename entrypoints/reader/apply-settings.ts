/** Reader settings become CSS custom properties and a theme attribute on the page root (so the whole page follows). */
import { loadReaderSettings } from '@/ext/reader-settings-store';
import type { ReaderSettings } from '@/src/render/reader-settings';

let applied: ReaderSettings | null = null;

/** What the page shows now (the stored settings once `applyStoredReaderSettings` ran), or null before that. */
export function appliedReaderSettings(): ReaderSettings | null {
  return applied;
}

export function applyReaderSettings(settings: ReaderSettings, root: HTMLElement = document.documentElement): void {
  applied = settings;
  root.dataset.theme = settings.theme;
  root.style.setProperty('--pith-font-size', `${settings.fontSize}px`);
  root.style.setProperty('--pith-width', `${settings.contentWidth}px`);
  root.style.setProperty('--pith-line-height', String(settings.lineHeight));
  root.dataset.font = settings.fontFamily;
  root.style.setProperty('--pith-font-weight', String(settings.fontWeight));
  root.style.setProperty('--pith-letter-spacing', `${settings.letterSpacing}em`);
  root.style.setProperty('--pith-word-spacing', `${settings.wordSpacing}em`);
  root.style.setProperty('--pith-text-align', settings.textAlign);
  // The custom theme's colours (validated #rrggbb); the other themes ignore them.
  root.style.setProperty('--pith-custom-fg', settings.colors.text);
  root.style.setProperty('--pith-custom-bg', settings.colors.background);
  root.style.setProperty('--pith-custom-link', settings.colors.link);
}

/** The saved settings, applied before the article is first painted (so it does not reflow when the panels load). */
export async function applyStoredReaderSettings(): Promise<void> {
  applyReaderSettings((await loadReaderSettings()).settings);
}
