/**
 * Sections the structural stages missed (`missedSections`): on a page no profile read, a service page's other
 * sections come back when they outweigh what the structural stages kept; an article with a short aside, or a page that
 * names its author, does not change.
 */
import { describe, expect, it } from 'vitest';
import { isKept } from '../../../src/decisions/record';
import type { PageTypeSummary } from '../../../src/page-type';
import { missedSections } from '../../../src/page-type/missed-sections';
import { pageSnapshot, readabilityRecord } from './page-snapshot';

const SECTION = (title: string, words: string) =>
  `<section class="band"><h2>${title}</h2><p>${words} Our consultants work with your team from the first workshop to the final report, and stay on call afterwards.</p></section>`;

const SERVICE_PAGE = `<html><head><title>Security consulting</title></head><body><header><nav><a href="/">Home</a> <a href="/services">Services</a> <a href="/contact">Contact</a></nav></header><main>
  ${SECTION('Security consulting', 'We assess your network, your cloud accounts and your processes against the standards your auditors use.')}
  ${SECTION('Penetration testing', 'Our testers attack your external and internal zones the way a real intruder would, and tell you what they found.')}
  ${SECTION('Threat intelligence', 'Daily digests and monthly reports on the actors that target your industry, drawn from millions of sensors.')}
  ${SECTION('Cloud transformation', 'Architecture, segmentation and automation for the move to hybrid cloud, with security built in from the start.')}
  </main><footer><p>© 2025 Example Security Ltd. All rights reserved.</p><a href="/privacy">Privacy</a></footer></body></html>`;

const ARTICLE = `<html><body><header><nav><a href="/">Home</a></nav></header><main><article><h1>Why the pump hums</h1>
  <p>A pond pump that hums but moves little water usually has a blocked impeller. Lift it out, open the housing and rinse the impeller under the tap.</p>
  <p>If the hum stays after cleaning, the magnet may be cracked; a new rotor costs far less than a new pump and takes five minutes to fit.</p>
  <p>Clean the foam pre-filter every autumn, before the leaves fall, and the pump will run quietly through the winter.</p></article>
  <aside><p>Pond keepers also read our guide to water lilies.</p></aside></main><footer><p>© 2025 Pond Notes</p></footer></body></html>`;

const NOT_APPLIED: PageTypeSummary = { type: 'article', confidence: 0.6, label: 'Article', applied: false, reason: 'Article: read as the structural stages left it' };

/** A record as Readability left the page: only the blocks whose text contains `kept` words. */
function readAs(html: string, kept: RegExp) {
  const snapshot = pageSnapshot(html);
  return { snapshot, record: readabilityRecord(snapshot, (block) => kept.test(block.text)) };
}

describe('sections the structural stages missed', () => {
  it('a service page read as an article: its other sections come back, the menu and the footer do not', () => {
    const { snapshot, record } = readAs(SERVICE_PAGE, /Security consulting|We assess your network/);
    const summary = missedSections(snapshot, record, NOT_APPLIED);
    expect(summary.applied).toBe(true);
    expect(summary.reason).toMatch(/^Sections the structural stages missed: \d+ more blocks kept \(they hold 3\.\d times the text kept\)$/);
    const text = snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n');
    for (const words of ['Penetration testing', 'Daily digests', 'Cloud transformation']) expect(text).toContain(words);
    expect(text).not.toContain('Services');
    expect(text).not.toContain('All rights reserved');
  });

  it('an article Readability read whole: an aside of one line is no missed section', () => {
    const { snapshot, record } = readAs(ARTICLE, /pump|impeller|rotor|pre-filter/);
    expect(missedSections(snapshot, record, NOT_APPLIED)).toBe(NOT_APPLIED);
    expect(snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n')).not.toContain('water lilies');
  });

  it('a page that names its author is a story: the sections beside it stay out', () => {
    const { snapshot, record } = readAs(SERVICE_PAGE.replace('<title>', '<meta name="author" content="Dana Whitfield"><title>'), /Security consulting|We assess your network/);
    expect(snapshot.metadata.byline).toBe('Dana Whitfield');
    expect(missedSections(snapshot, record, NOT_APPLIED)).toBe(NOT_APPLIED);
  });

  it('a forum thread below its profile’s cutoff, or a page a profile already read, is left as it is', () => {
    const { snapshot, record } = readAs(SERVICE_PAGE, /Security consulting|We assess your network/);
    const forum: PageTypeSummary = { ...NOT_APPLIED, type: 'forum', label: 'Forum thread' };
    expect(missedSections(snapshot, record, forum)).toBe(forum);
    const read: PageTypeSummary = { ...NOT_APPLIED, type: 'service', applied: true };
    expect(missedSections(snapshot, record, read)).toBe(read);
    expect(snapshot.blocks.filter((b) => isKept(record, b.id)).map((b) => b.text).join('\n')).not.toContain('Penetration testing');
  });
});
