import { describe, expect, it } from 'vitest';
import type { BenchPage } from '../../../scripts/lib/bench-page';
import { stageGainSection } from '../../../scripts/lib/bench-stage-gain';

const score = (precision: number, recall: number) => ({ precision, recall, f1: (2 * precision * recall) / (precision + recall) });
const result = (s: ReturnType<typeof score>) => ({ text: '', ms: 0, score: s });

function page(dataset: string, lang: string, before: ReturnType<typeof score>, after: ReturnType<typeof score>, scoring: BenchPage['scoring'] = 'tokens'): BenchPage {
  return { dataset, id: `${dataset}-${Math.random()}`, lang, scoring, pith: result(after), structural: result(before), readability: result(before) };
}

const rowOf = (section: string, label: string) => section.split('\n').find((line) => line.startsWith(`| ${label} |`)) ?? '';

describe('the report of gce alone against the added stage', () => {
  it('says per set and per language whether the stage kept F1 and raised precision', () => {
    const pages = [
      page('cleaneval-dev', 'en', score(0.8, 0.9), score(0.9, 0.9)),
      page('cleaneval-dev', 'en', score(0.9, 0.9), score(0.9, 0.9)),
      ...['de', 'de', 'de'].map(() => page('trafilatura-dev', 'de', score(0.8, 1), score(0.8, 1), 'snippets')),
      ...['en', 'en', 'en'].map(() => page('trafilatura-dev', 'en', score(0.8, 1), score(1, 0.5), 'snippets')),
    ];
    const section = stageGainSection(pages, 'gce+perplexity');
    expect(rowOf(section, 'cleaneval-dev')).toContain('0.8500 / 0.9000 / 0.8735 | 0.9000 / 0.9000 / 0.9000');
    expect(rowOf(section, 'cleaneval-dev')).toMatch(/\+0\.0500 \| \+0\.\d+ \| 1 \| meets \|$/);
    expect(rowOf(section, 'trafilatura-dev')).toMatch(/F1 lower \|$/);
    expect(section).toContain('### trafilatura-dev per language');
    expect(rowOf(section, 'de')).toMatch(/\| 0 \| P equal \|$/);
    expect(rowOf(section, 'en')).toMatch(/\| 3 \| F1 lower \|$/);
  });

  it('is left out of a run without a stage after the structural ones', () => {
    const alone = page('cleaneval-dev', 'en', score(1, 1), score(1, 1));
    expect(stageGainSection([{ ...alone, structural: undefined }], 'gce')).toBe('');
  });
});
