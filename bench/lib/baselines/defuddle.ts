/**
 * Defuddle's answer on the rendered page, as plain text: the benchmark's second baseline beside Readability.js.
 * Loaded by the page bundle on first use only (the extension never ships it). Defuddle reads the live document
 * (mobile styles, image sizes) and normalises a few attributes in it, so the benchmark runs it after Pith.
 */
import Defuddle from 'defuddle';
import { htmlToText } from './html-text';

export function defuddleBaselineText(doc: Document): string {
  const result = new Defuddle(doc, { url: doc.URL }).parse();
  return htmlToText(result.content ?? '', doc.implementation.createHTMLDocument(''));
}
