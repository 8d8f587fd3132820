export { simplifyPage, ITEM_ID_ATTR, DEFAULT_MAX_BLOCK_CHARS } from './simplify';
export { buildPrompt } from './prompt';
export { chunkPage, planChunks, ContextOverflowError } from './chunk';
export { LabelGrammar } from './output-grammar';
export { decodeLabels, LabelConstraint, VocabIndex, allowedTokens, maskLogits } from './constrained-decoder';
export { parseLabels, MalformedAnswerError } from './labels';
export { runDeepClean, deepCleanFallback, emptySummary, lmReason } from './stage';
export type { DeepCleanSummary, DeepCleanFallback } from './summary';
export type { LabelEngine, LabelRequest, LabelAnswer, SimplifiedPage, SimplifiedItem, BlockLabel } from './types';
