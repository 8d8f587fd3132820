/** The page's HTML as it is now, without Pith's overlay host (what a labelled-data line stores). */
export function pageHtmlWithout(host: Element): string {
  const copy = document.documentElement.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(host.localName).forEach((el) => el.remove());
  const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
  return `${doctype}\n${copy.outerHTML}`;
}

/** Appends a line to a file the user picks (File System Access API); false when the browser has no picker. */
export async function appendToChosenFile(line: string, suggestedName: string): Promise<'appended' | 'cancelled' | 'unsupported'> {
  const picker = (window as unknown as { showSaveFilePicker?: (options: unknown) => Promise<FileSystemFileHandle> }).showSaveFilePicker;
  if (typeof picker !== 'function') return 'unsupported';
  let handle: FileSystemFileHandle;
  try {
    handle = await picker({ suggestedName, types: [{ description: 'JSON lines', accept: { 'application/jsonl': ['.jsonl'] } }] });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    return 'unsupported';
  }
  const size = (await handle.getFile()).size;
  const writable = await handle.createWritable({ keepExistingData: true });
  await writable.seek(size);
  await writable.write(line);
  await writable.close();
  return 'appended';
}

/** Offers the line as a download (.jsonl), for browsers without a file picker. */
export function downloadLine(line: string, fileName: string, parent: ParentNode): void {
  const url = URL.createObjectURL(new Blob([line], { type: 'application/jsonl' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  parent.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
