import { describe, expect, it } from 'vitest';
import { articleHeader } from '../../../src/render/header';
import { countReadingUnits, readingMinutes } from '../../../src/render/reading-time';
import { describeDecision } from '../../../src/render/decision-label';
import { statusSummary } from '../../../src/render/status';
import { buildExtraction, kept, removed, sampleArticle } from './fixtures';

describe('articleHeader', () => {
  it('takes title, byline, site and date from the metadata, preferring the article heading over "Title | Site"', () => {
    const header = articleHeader(sampleArticle());
    expect(header.title).toBe('Why the sky is blue');
    expect(header.byline).toBe('Ada Lovelace');
    expect(header.site).toBe('Example News');
    expect(header.date).toBe('2024-05-01');
    expect(header.dateLabel).toBe('May 1, 2024');
    expect(header.lang).toBe('en');
    expect(header.dir).toBe('ltr');
    expect(header.readingMinutes).toBe(1);
  });

  it('on a Q&A thread, shows the asker’s name without the reputation and badge counts run into it', () => {
    const thread = (byline: string) => {
      const extraction = buildExtraction({ html: '<p data-pith-block="0">Why does my chain skip?</p>', decisions: { 0: kept() } });
      extraction.snapshot.metadata.byline = byline;
      extraction.pageType = { type: 'forum', confidence: 0.9, label: 'Forum thread', applied: true, reason: '', posts: [{ blocks: [0], author: 'Priya Raman', date: '' }] };
      return articleHeader(extraction).byline;
    };
    expect(thread('Priya Raman1,317924')).toBe('Priya Raman');
    expect(thread('Priya Raman 12.3k 5 gold badges')).toBe('Priya Raman');
    expect(thread('Priya Raman and Jonas Ekberg')).toBe('Priya Raman and Jonas Ekberg');
  });

  it('falls back to the host name for the site and the first heading for the title', () => {
    const header = articleHeader(
      buildExtraction({
        url: 'https://www.blog.example/p/1',
        html: '<h2 data-pith-block="0">A heading</h2><p data-pith-block="1">Text</p>',
        decisions: { 0: kept(), 1: kept() },
      }),
    );
    expect(header.title).toBe('A heading');
    expect(header.site).toBe('blog.example');
  });

  it('counts reading time from kept text only, CJK by character', () => {
    const words = Array.from({ length: 460 }, (_, i) => `word${i}`).join(' ');
    const extraction = buildExtraction({
      html: `<p data-pith-block="0">${words}</p><p data-pith-block="1">${words} ${words}</p>`,
      decisions: { 0: kept(), 1: removed() },
    });
    expect(articleHeader(extraction).readingMinutes).toBe(2);
    expect(countReadingUnits('日本語の文章です。 and two words')).toEqual({ cjk: 8, words: 3 });
    expect(readingMinutes('漢'.repeat(1500))).toBe(3);
    expect(readingMinutes('')).toBe(0);
  });

  it('keeps RTL and CJK language and direction', () => {
    const rtl = articleHeader(buildExtraction({ html: '<p data-pith-block="0">שלום</p>', lang: 'he', dir: 'rtl', decisions: { 0: kept() } }));
    expect(rtl.lang).toBe('he');
    expect(rtl.dir).toBe('rtl');
  });
});

describe('status and decision labels', () => {
  it('summarises mode, kept count and stage paths', () => {
    const status = statusSummary(sampleArticle());
    expect(status.text).toBe('Layout (GCE, M3 best) · 7 of 12 blocks kept');
    expect(status.paths).toEqual(['gce:M3best']);
  });

  it('describes a decision with its stage, score and threshold', () => {
    const label = describeDecision({
      block: 1,
      kept: false,
      stage: 'sore',
      reason: 'Off-topic promotion',
      score: 0.123456,
      threshold: 0.3,
      evidence: { kind: 'outlier-group', group: 'promo', phrase: 'subscribe', similarity: 0.8 },
      supersedes: { block: 1, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: 2 } },
    });
    expect(label).toEqual({
      reason: 'Off-topic promotion',
      stage: 'Semantic outliers',
      score: 'Score 0.123 · threshold 0.3',
      earlier: 'Earlier: kept by Layout (GCE)',
    });
  });
});
