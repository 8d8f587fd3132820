export { explainRemovals } from './explain';
export { classifyBlock, type Classification } from './classify';
export { REMOVAL_RULES } from './rules';
export { buildPageView, commonAncestor, type PageView } from './page-view';
export { applyRemovalRules, decidingRuleMatch, removeNamedBoilerplate } from './remove';
