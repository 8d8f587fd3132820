/** Reader settings as Preact state, loaded from and saved to storage, following changes made in other reader tabs. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { loadReaderSettings, saveReaderSettings, watchReaderSettings } from '@/ext/reader-settings-store';
import { DEFAULT_READER_SETTINGS, validateReaderSettings, type ReaderSettings } from '@/src/render/reader-settings';

export interface ReaderSettingsState {
  settings: ReaderSettings;
  update: (patch: Partial<ReaderSettings>) => void;
  /** A storage failure the reader should see (settings then apply to this tab only). */
  error: string | null;
}

export function useReaderSettings(): ReaderSettingsState {
  const [settings, setSettings] = useState<ReaderSettings>({ ...DEFAULT_READER_SETTINGS });
  const [error, setError] = useState<string | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
      clearTimeout(saveTimer.current);
    };
  }, []);

  const update = useCallback((patch: Partial<ReaderSettings>) => {
    setSettings((current) => {
      const next = validateReaderSettings({ ...current, ...patch });
      clearTimeout(saveTimer.current);
      // Sliders fire on every step; save once they settle.
      saveTimer.current = setTimeout(() => {
        saveReaderSettings(next).then(
          () => setError(null),
          (e: unknown) => setError(`Your reader settings couldn’t be saved (${e instanceof Error ? e.message : String(e)}). They apply to this tab only.`),
        );
      }, 250);
      return next;
    });
  }, []);

  return { settings, update, error };
}
