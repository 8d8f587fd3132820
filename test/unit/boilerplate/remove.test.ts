import { describe, expect, it } from 'vitest';
import { applyRemovalRules } from '../../../src/boilerplate';
import { decide, emptyRecord } from '../../../src/decisions/record';
import { rect, SnapshotBuilder } from '../gce/builders';

describe('applyRemovalRules', () => {
  it('removes kept blocks a reliable rule recognises, naming the rule; leaves prose about the same words', () => {
    const b = new SnapshotBuilder();
    const article = b.node(b.body, 'article', rect(0, 0, 700, 1000));
    const texts = [
      'Third-party cookies are a privacy concern, and browsers now let you change their settings.',
      'We use cookies to remember your settings. Accept all',
      'Log in to reply',
      'Advertisement',
      'Reply · Report',
      'Edit this page',
      'Comments',
    ];
    const ids = texts.map((t, i) => b.paragraph(article, rect(0, i * 100, 700, 80), t, { linkText: i === 5 ? t.length : 0 }));
    const snapshot = b.build();
    const record = emptyRecord();
    for (const id of ids) decide(record, { block: id, kept: true, stage: 'gce', reason: 'Inside', evidence: { kind: 'main-container', container: article } });
    applyRemovalRules(snapshot, record);
    const d = record.decisions;
    expect(d[ids[0]!]!.kept).toBe(true);
    expect(d[ids[1]!]).toMatchObject({ kept: false, cause: 'cookie-consent', stage: 'structure', evidence: { kind: 'named-rule', rule: 'cookie-consent' } });
    expect(d[ids[2]!]).toMatchObject({ kept: false, cause: 'login-prompt' });
    expect(d[ids[2]!]!.reason).toBe('Login or sign-up prompt (text “Log in to reply”) — Pith\'s login-prompt rule');
    expect(d[ids[3]!]).toMatchObject({ kept: false, cause: 'advertisement' });
    expect(d[ids[4]!]).toMatchObject({ kept: false, cause: 'post-actions' });
    expect(d[ids[5]!]).toMatchObject({ kept: false, cause: 'edit-link' });
    expect(d[ids[6]!]!.kept).toBe(true);
    expect(record.runs.at(-1)).toMatchObject({ stage: 'structure', path: 'removal-rules', note: '5 blocks removed by named rules' });
  });
});
