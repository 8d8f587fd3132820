/** The reader's display settings in extension storage: a typed, versioned item, validated on every read. */
import { storage } from 'wxt/utils/storage';
import { DEFAULT_READER_SETTINGS, validateReaderSettings, type ReaderSettings } from '@/src/render/reader-settings';
import { errorMessage } from '../src/error-message';

export const readerSettingsItem = storage.defineItem<ReaderSettings>('local:readerSettings', {
  fallback: { ...DEFAULT_READER_SETTINGS },
  version: 1,
});

/** The saved settings, each bad value replaced by its default. Storage failures fall back to the defaults. */
export async function loadReaderSettings(): Promise<{ settings: ReaderSettings; error: string | null }> {
  try {
    return { settings: validateReaderSettings(await readerSettingsItem.getValue()), error: null };
  } catch (error) {
    return {
      settings: { ...DEFAULT_READER_SETTINGS },
      error: `Your reader settings couldn't be loaded (${errorMessage(error)}); using the defaults.`,
    };
  }
}

export async function saveReaderSettings(settings: ReaderSettings): Promise<void> {
  await readerSettingsItem.setValue(validateReaderSettings(settings));
}

/** Calls back with validated settings whenever another reader tab changes them. */
export function watchReaderSettings(callback: (settings: ReaderSettings) => void): () => void {
  return readerSettingsItem.watch((value) => callback(validateReaderSettings(value)));
}
