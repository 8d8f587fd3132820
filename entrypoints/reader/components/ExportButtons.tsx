import { useState } from 'preact/hooks';
import type { ExportFormat, Extraction } from '@/src/pipeline/types';
import { EXPORT_FORMATS, EXPORT_LABELS, EXPORT_MIME_TYPES, exportAs, exportFileName } from '@/src/export';
import { downloadText } from '../download';
import { errorMessage } from '@/src/error-message';
import { shownHighlights } from './reading/highlight-registry';

export type Notify = (message: string, kind: 'info' | 'error') => void;

interface Props {
  extraction: Extraction;
  title: string;
  notify: Notify;
}

const FRONT_MATTER_KEY = 'pith.export.frontMatter';

function savedFrontMatter(): boolean {
  try {
    return localStorage.getItem(FRONT_MATTER_KEY) !== 'off';
  } catch {
    return true;
  }
}

/**
 * `button[data-export]` downloads and `button[data-copy]` copies each format; `input#pith-front-matter` chooses
 * whether the Markdown starts with YAML front matter (remembered).
 */
export function ExportButtons({ extraction, title, notify }: Props) {
  const [withSummary, setWithSummary] = useState(false);
  const [frontMatter, setFrontMatter] = useState(savedFrontMatter);
  const build = (format: ExportFormat): string | null => {
    try {
      return exportAs(extraction, format, { frontMatter, removalSummary: withSummary, highlights: shownHighlights() });
    } catch (error) {
      notify(`Couldn’t build the ${EXPORT_LABELS[format]} export (${errorMessage(error)}).`, 'error');
      return null;
    }
  };

  const download = (format: ExportFormat): void => {
    const content = build(format);
    if (content === null) return;
    const name = exportFileName(title, format);
    try {
      downloadText(content, name, EXPORT_MIME_TYPES[format]);
      notify(`Saved ${name}.`, 'info');
    } catch (error) {
      notify(`Couldn’t save the file (${errorMessage(error)}). Try “Copy” instead.`, 'error');
    }
  };

  const copy = async (format: ExportFormat): Promise<void> => {
    const content = build(format);
    if (content === null) return;
    try {
      await navigator.clipboard.writeText(content);
      notify(`Copied the ${EXPORT_LABELS[format]} to the clipboard.`, 'info');
    } catch (error) {
      notify(`Couldn’t copy to the clipboard (${errorMessage(error)}). Use “Download” instead.`, 'error');
    }
  };

  return (
    <section class="pith-section pith-export" aria-labelledby="pith-export-heading">
      <h2 id="pith-export-heading" class="pith-section-title">
        Export
      </h2>
      <table class="pith-export-table">
        <tbody>
          {EXPORT_FORMATS.map((format) => (
            <tr key={format}>
              <th scope="row">{EXPORT_LABELS[format]}</th>
              <td>
                <button type="button" data-export={format} aria-label={`Download ${EXPORT_LABELS[format]}`} onClick={() => download(format)}>
                  Download
                </button>
              </td>
              <td>
                <button type="button" data-copy={format} aria-label={`Copy ${EXPORT_LABELS[format]}`} onClick={() => void copy(format)}>
                  Copy
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <label class="pith-export-option">
        <input
          id="pith-front-matter"
          type="checkbox"
          checked={frontMatter}
          onChange={(e) => {
            const on = (e.currentTarget as HTMLInputElement).checked;
            setFrontMatter(on);
            try {
              localStorage.setItem(FRONT_MATTER_KEY, on ? 'on' : 'off');
            } catch {
              // not remembered; the choice still applies now
            }
          }}
        />
        <span>Markdown with YAML front matter</span>
        </label>
        <label class="pith-export-option">
          <input
          id="pith-export-summary"
          type="checkbox"
          checked={withSummary}
          onChange={(e) => setWithSummary((e.currentTarget as HTMLInputElement).checked)}
        />
        <span>Append “What was removed” to Markdown and HTML</span>
      </label>
    </section>
  );
}
