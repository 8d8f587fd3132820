/**
 * Readability.js's answer on the rendered page, as plain text: the benchmark's first baseline. Its article HTML goes
 * through the same block-aware text conversion as Defuddle's, so neither baseline loses word breaks between blocks.
 */
import { Readability } from '@mozilla/readability';
import { htmlToText } from './html-text';

export function readabilityBaselineText(doc: Document): string {
  const clone = doc.cloneNode(true) as Document;
  const article = new Readability(clone).parse();
  return htmlToText(article?.content ?? '', doc.implementation.createHTMLDocument(''));
}
