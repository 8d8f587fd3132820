/** Saving a string as a file from the reader page: a Blob behind a temporary <a download>. */
export function downloadText(content: string, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give slow browsers a moment before freeing the Blob.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
