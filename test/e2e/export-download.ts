/** The reader's export buttons, as a user uses them: click button[data-export], read the file that downloads. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

export type ExportFormat = 'md' | 'html' | 'text' | 'json';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['md', 'html', 'text', 'json'];

export async function downloadExport(reader: Page, format: ExportFormat): Promise<string> {
  const [download] = await Promise.all([
    reader.waitForEvent('download', { timeout: 15_000 }),
    reader.locator(`button[data-export="${format}"]`).click(),
  ]);
  assert.equal(await download.failure(), null, `the ${format} download failed`);
  return readFile(await download.path(), 'utf8');
}
