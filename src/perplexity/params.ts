/**
 * The perplexity stage's parameters and their defaults, apart from the stage itself so that settings pages and the
 * reader can read the defaults without loading the language detector and the scoring code.
 */
import type { ModelLanguage } from './languages';

export interface PerplexityParams {
  /** Perplexity above which a block is ill-formed, for word-level models. */
  wordCutoff: number;
  /** The same for character-level models (Chinese, Japanese), whose perplexities are per character. */
  charCutoff: number;
  /** When the stage would remove more than this share of the kept prose characters, it removes nothing. */
  maxRemovedShare: number;
  /**
   * Per language, the factor its cutoff is of the word or character cutoff (1 when absent), tuned on the dev sets:
   * a model that gives real prose of its language higher perplexities needs a higher cutoff.
   */
  languageScale?: Partial<Record<ModelLanguage, number>>;
  /**
   * A block more than this share of whose words the model does not know is left alone: its perplexity says more
   * about a missed language (Portuguese read as German) or a run of names than about how well-formed it is.
   */
  maxUnknownShare?: number;
}

/** Per-language factors tuned on the dev sets (npm run perplexity:tune; README, "Perplexity stage"). */
export const LANGUAGE_SCALE: Readonly<Partial<Record<ModelLanguage, number>>> = Object.freeze({
  // German (150 trafilatura-dev pages): F1 at 12,000 0.8831, at 16,000–24,000 0.8857 (gce 0.8884; from 36,000 the
  // stage removes nothing, menus included). Names and credit lines of real articles score as high as menus.
  de: 1.5,
});

export const DEFAULT_PERPLEXITY_PARAMS: Readonly<PerplexityParams> = Object.freeze({
  wordCutoff: 12_000,
  charCutoff: 6000,
  maxRemovedShare: 0.3,
  languageScale: LANGUAGE_SCALE,
  maxUnknownShare: 0.5,
});
