/** Reader settings as Preact state, loaded from and saved to storage, following changes made in other reader tabs. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { loadReaderSettings, saveReaderSettings, watchReaderSettings } from '@/ext/reader-settings-store';
import { appliedReaderSettings } from './apply-settings';
import { DEFAULT_READER_SETTINGS, validateReaderSettings, type ReaderSettings } from '@/src/render/reader-settings';
import { errorMessage } from '@/src/error-message';

export interface ReaderSettingsState {
  settings: ReaderSettings;
  update: (patch: Partial<ReaderSettings>) => void;
  /** A storage failure the reader should see (settings then apply to this tab only). */
  error: string | null;
}

export function useReaderSettings(): ReaderSettingsState {
  // The settings the first paint applied, so the full reader does not flash the defaults while storage answers.
  const [settings, setSettings] = useState<ReaderSettings>(() => ({ ...(appliedReaderSettings() ?? DEFAULT_READER_SETTINGS) }));
  const [error, setError] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Settings changed but not saved yet (the debounce is still running). */
  const pending = useRef<ReaderSettings | null>(null);

  const save = useCallback((): void => {
    clearTimeout(saveTimer.current);
    const next = pending.current;
    if (!next) return;
    pending.current = null;
    saveReaderSettings(next).then(
      () => setError(null),
      (e: unknown) => setError(`Your reader settings couldn’t be saved (${errorMessage(e)}). They apply to this tab only.`),
    );
  }, []);

  useEffect(() => {
    // Closing or leaving the tab while the debounce runs must not lose the last change.
    const flush = (): void => save();
    const flushIfHidden = (): void => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushIfHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushIfHidden);
      save();
    };
  }, [save]);

  useEffect(() => {
    let active = true;
    void loadReaderSettings().then((loaded) => {
      if (!active) return;
      setSettings(loaded.settings);
      setError(loaded.error);
    });
    const unwatch = watchReaderSettings((next) => setSettings(next));
    return () => {
      active = false;
      unwatch();
    };
  }, []);

  const update = useCallback((patch: Partial<ReaderSettings>) => {
    setSettings((current) => {
      const next = validateReaderSettings({ ...current, ...patch });
      pending.current = next;
      clearTimeout(saveTimer.current);
      // Sliders fire on every step; save once they settle (or when the tab is hidden or closed first).
      saveTimer.current = setTimeout(save, 250);
      return next;
    });
  }, [save]);

  return { settings, update, error };
}
