/**
 * The hand-written passes inside the stages (rescues and page-type profiles), each with a switch in
 * `ExtractOptions.passes`, on by default unless listed in `OFF_BY_DEFAULT`: listed here, in one place, so that an ablation can switch any one off
 * (`tools/ablate-passes.ts`). A stage as a whole is switched by `ExtractOptions.stages` (src/pipeline/stages.ts).
 */
export const PASSES = {
  reread: "Readability reads the page again without the named boilerplate when that is most of its answer (stage 'readability')",
  'hidden-article': "Readability's answer: blocks hidden until scripts run that are part of its article are kept (stage 'article')",
  'profile:forum': 'Page type: the forum profile (every post kept, signatures and member details removed)',
  'profile:product': 'Page type: the product profile (sections, JSON-LD data; reviews, carousels, menus and footer removed)',
  // Below the ablation's 0.002 per set once rounded, but +0.018 on the 43 unseen training service pages it acts on.
  'profile:service': 'Page type: the service profile (every content section kept)',
  'profile:listing': 'Page type: the listing profile (the repeated items kept)',
  'profile:collection': 'Page type: the collection profile (filter, sort and page controls removed)',
  'collection:lead-under-heading': 'Collection profile: the page heading and the introduction under it brought back',
  // Rounds below the ablation's 0.002 per set, but deleting it cost the unseen training collection pages −0.0115
  // (bench/results/2026-11-28-arch-passes.md).
  'collection:grids-under-heading': 'Collection profile: item grids between the heading and the kept text brought back',
  // Below the ablation's 0.002 (−0.000 where it acts), but the only pass that brings back a collection's heading and
  // introduction when the layout stage takes them for the site's header (test/e2e/collection-page.test.ts).
  'collection:introduction-above': 'Collection profile: the introduction above the kept text brought back',
  'missed-listing': 'Page type: a listing the structural stages missed (cards holding several times the kept text) kept',
  'missed-sections': 'Page type: content sections the structural stages missed brought back',
  'reader-comments': 'Page type: an article followed by reader comments is read as the article, the comments removed',
  'trailing-links': "Page type: a run of short linked headlines after the article's last paragraph is removed (not on listings)",
} as const;

export type PassId = keyof typeof PASSES;
export const PASS_IDS = Object.keys(PASSES) as PassId[];

/**
 * Passes that run only when switched on (none today). reader-comments, off until it could tell a thread from an article
 * with comments, is on since it acts on no forum or Q&A page of the deciding pages (bench/results/2026-11-28-comments.md).
 */
export const OFF_BY_DEFAULT: ReadonlySet<PassId> = new Set<PassId>([]);

/** The switches as given (`ExtractOptions.passes`); a pass not set here takes its default. */
export type PassSwitches = Partial<Record<PassId, boolean>>;

export function passOn(switches: PassSwitches | undefined, id: PassId): boolean {
  return switches?.[id] ?? !OFF_BY_DEFAULT.has(id);
}
