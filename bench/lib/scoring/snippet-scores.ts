import { f1Score, type Prf } from './token-scores';
import { normaliseText } from '../../../src/text/tokenize';

/** Counts behind snippet P/R/F1, kept so that a dataset can also be scored micro-averaged (as trafilatura does). */
export interface SnippetCounts {
  truePositives: number; // `with` snippets found
  falseNegatives: number; // `with` snippets missed
  falsePositives: number; // `without` snippets found
}

const WHITESPACE_RUN = /\s+/g;

/** Case, Unicode compatibility forms and whitespace runs (newlines between blocks vs spaces) do not matter. */
export function normaliseForMatching(text: string): string {
  return normaliseText(text).replace(WHITESPACE_RUN, ' ').trim();
}

export function snippetCounts(prediction: string, withSnippets: string[], withoutSnippets: string[]): SnippetCounts {
  const haystack = normaliseForMatching(prediction);
  const found = (snippet: string): boolean => {
    const needle = normaliseForMatching(snippet);
    return needle.length > 0 && haystack.includes(needle);
  };
  const withFound = withSnippets.filter(found).length;
  return {
    truePositives: withFound,
    falseNegatives: withSnippets.length - withFound,
    falsePositives: withoutSnippets.filter(found).length,
  };
}

/**
 * P/R/F1 from snippet counts. When a ratio has no denominator it is vacuous: precision is 1 only if nothing was
 * required either (so an empty prediction scores 0, as with tokens), recall is 1 when there were no `with` snippets.
 */
export function prfFromCounts({ truePositives, falseNegatives, falsePositives }: SnippetCounts): Prf {
  const found = truePositives + falsePositives;
  const required = truePositives + falseNegatives;
  const precision = found === 0 ? (required === 0 ? 1 : 0) : truePositives / found;
  const recall = required === 0 ? 1 : truePositives / required;
  return { precision, recall, f1: f1Score(precision, recall) };
}

export function snippetPrf(prediction: string, withSnippets: string[], withoutSnippets: string[]): Prf {
  return prfFromCounts(snippetCounts(prediction, withSnippets, withoutSnippets));
}

export function sumCounts(all: SnippetCounts[]): SnippetCounts {
  return all.reduce(
    (sum, c) => ({
      truePositives: sum.truePositives + c.truePositives,
      falseNegatives: sum.falseNegatives + c.falseNegatives,
      falsePositives: sum.falsePositives + c.falsePositives,
    }),
    { truePositives: 0, falseNegatives: 0, falsePositives: 0 },
  );
}
