/**
 * The pipeline, declared: every stage that runs over a page snapshot, in order. Each says what it reads, what it adds
 * to the record, the name its decisions carry (`decidesAs`) and how it is switched off (`ExtractOptions.stages`, all
 * on by default). `run-stages.ts` runs the list: it times each stage, logs its runs (paths `<id>` or `<id>:<detail>`)
 * and records its time under its id. Adding a stage is adding one entry here (and its test in
 * test/unit/pipeline/stages.test.ts checks that every stage is listed and documented).
 * The pipeline section of docs/pipeline.md is generated from this list (`npm run docs:pipeline`).
 */
import { decide } from '../decisions/record';
import type { Decision, DecisionRecord, StageName } from '../decisions/types';
import { applyRemovalRules, explainRemovals } from '../boilerplate';
import { readabilityPastBoilerplate } from '../fallback/boilerplate-article';
import { readabilitySkipReason, runReadabilityOnSnapshot, type ReadabilityVerdict } from '../fallback/readability';
import { gceDecisions, runGce, type GceResult } from '../gce';
import { runPageTypeProfile, type PageTypeSummary } from '../page-type';
import type { PageSnapshot } from '../snapshot/types';
import { codeInTextDecisions } from '../structure/code-in-text';
import { figureInTextDecisions } from '../structure/figures-in-text';
import { formulaInTextDecisions } from '../structure/formulas-in-text';
import { linkClusterDecisions } from '../structure/link-clusters';
import { referencedNoteDecisions } from '../structure/referenced-notes';
import { tableInTextDecisions } from '../structure/tables-in-text';
import { decideByReadability, gceLabel, gceRejection, keptIds, proseLeftByFragment, trimInsideContainer } from './layout-choice';
import type { ExtractOptions, LayoutPolicy } from './page-api';
import { passOn } from './passes';

/** What the stages share while one page is read; each stage reads some fields and fills others. */
export interface StageContext {
  snapshot: PageSnapshot;
  record: DecisionRecord;
  options: ExtractOptions;
  /** The live page with its blocks marked, for Readability (else it reads the snapshot's copy). */
  page?: () => Document;
  timings: Record<string, number>;
  gce?: GceResult;
  gceDecisions: Decision[];
  readability: ReadabilityVerdict | null;
  /** Why GCE's container is not used, or null when it bounds the article. */
  rejection: string | null;
  mainNode: number;
  mode: string;
  pageType?: PageTypeSummary;
}

/** One line of the run log a stage asks for: path `<of ?? stage id>[:<detail>]`, its time (default: the stage's). */
export interface StageLogEntry {
  of?: StageId;
  detail?: string;
  note?: string;
  ms?: number;
}

export interface Stage {
  id: string;
  /** The stage name its decisions and runs carry in the record (the JSON export's `stage`). */
  decidesAs: StageName;
  /** One line for the docs. */
  title: string;
  reads: readonly string[];
  adds: string;
  /** How to switch it off; every stage is on by default. */
  off: string;
  run(ctx: StageContext): StageLogEntry[];
}

export function layoutPolicy(options: ExtractOptions): LayoutPolicy {
  if (options.layoutPolicy) return options.layoutPolicy;
  if (options.stages?.readability === false) return 'gce';
  if (options.stages?.gce === false) return 'readability';
  return 'auto';
}

const gce = {
  id: 'gce',
  decidesAs: 'gce',
  title: "Layout (GCE): finds the page's main content container from the rendered layout",
  reads: ['snapshot (layout boxes, text density)'],
  adds: 'its container and a decision per block: hidden, overlay, empty, inside or outside the container (applied by `article`)',
  off: "stages.gce = false (or layoutPolicy 'readability'): its container is not used; hidden, overlay and empty blocks are still found",
  run(ctx) {
    ctx.gce = runGce(ctx.snapshot, ctx.options.gce);
    ctx.gceDecisions = gceDecisions(ctx.snapshot, ctx.gce);
    return [];
  },
} as const satisfies Stage;

const readability = {
  id: 'readability',
  decidesAs: 'readability',
  title: 'Structure (Readability): reads the page as Readability.js does, again without boilerplate when its first answer was mostly that',
  reads: ['the live page (or the snapshot copy)', 'gce'],
  adds: 'the blocks of its article (applied by `article`)',
  off: "stages.readability = false (or layoutPolicy 'gce'): GCE's container is used unchecked",
  run(ctx) {
    const policy = layoutPolicy(ctx.options);
    const found = (ctx.gce?.mainNode ?? -1) >= 0;
    if (policy === 'gce' && found) return [];
    const skipped = policy !== 'auto' ? null : readabilitySkipReason(ctx.snapshot, found);
    const read = passOn(ctx.options.passes, 'reread') ? readabilityPastBoilerplate : (s: PageSnapshot, page?: () => Document) => runReadabilityOnSnapshot(s, undefined, page);
    ctx.readability = skipped ? { kept: null, ms: 0, skipped } : read(ctx.snapshot, ctx.page);
    return [];
  },
} as const satisfies Stage;

const article = {
  id: 'article',
  decidesAs: 'readability',
  title: "Article: uses GCE's container when it agrees with Readability (Readability trims inside it), else Readability's article",
  reads: ['gce', 'readability'],
  adds: 'a decision for every block; the main container; the mode line',
  off: 'always on (it is the choice between the two answers above)',
  run(ctx) {
    const layout = ctx.gce!;
    const policy = layoutPolicy(ctx.options);
    const { record, snapshot } = ctx;
    const verdict = ctx.readability;
    ctx.rejection = gceRejection(snapshot, layout, keptIds(ctx.gceDecisions), policy, verdict);
    ctx.mode = gceLabel(layout.path);
    const gceMs = ctx.timings.gce;
    const log: StageLogEntry[] = [];
    if (ctx.rejection === null) {
      ctx.mainNode = layout.mainNode;
      for (const d of ctx.gceDecisions) decide(record, d);
      log.push({ of: 'gce', detail: layout.path, ms: gceMs });
      const fragmentLeft = verdict?.kept ? proseLeftByFragment(snapshot, record, verdict.kept) : 0;
      if (fragmentLeft > 0) {
        log.push({ of: 'readability', detail: 'fragment', ms: verdict!.ms, note: `Readability's article was one table of the container, without its running text (${fragmentLeft} characters); the container stands` });
      } else if (verdict?.kept) {
        const dropped = trimInsideContainer(snapshot, record, verdict.kept);
        log.push({ of: 'readability', detail: 'within-container', ms: verdict.ms, note: `${dropped} blocks inside the container dropped by Readability` });
      } else if (verdict?.skipped) {
        log.push({ of: 'readability', detail: 'skipped', ms: 0, note: verdict.skipped });
      } else if (verdict?.error) {
        log.push({ of: 'readability', detail: 'failed', ms: verdict.ms, note: `Readability threw (${verdict.error}); GCE's container used unchecked` });
      }
    } else {
      // Hidden, overlay and empty blocks only: needed only when the container is not used.
      for (const d of gceDecisions(snapshot, { ...layout, mainNode: -1, path: 'failed' })) decide(record, d);
      log.push({ of: 'gce', detail: layout.path, ms: gceMs, note: `not used: ${ctx.rejection}` });
      const kept = verdict?.kept ?? null;
      const failed = verdict?.error;
      decideByReadability(snapshot, record, kept, ctx.options.passes);
      ctx.mode = kept ? 'Structural fallback (Readability)' : failed ? 'Whole page (the structural extractor failed)' : 'Whole page (no article structure found)';
      const detail = kept ? undefined : failed ? 'failed' : 'whole-page';
      log.push({ of: 'readability', detail, ms: verdict?.ms ?? 0, note: failed ? `${ctx.rejection}; Readability threw (${failed})` : ctx.rejection });
    }
    if (verdict?.reread) log.push({ of: 'readability', detail: 'reread', ms: 0, note: verdict.reread });
    if (verdict?.copyFailed) log.push({ of: 'readability', detail: 'snapshot-copy', ms: 0, note: `the page's marked copy failed (${verdict.copyFailed}); the snapshot's copy was read` });
    for (const block of snapshot.blocks) {
      if (record.decisions[block.id]) continue;
      decide(record, { block: block.id, kept: false, stage: 'readability', reason: 'No stage kept it', evidence: { kind: 'unclaimed' } });
    }
    return log;
  },
} as const satisfies Stage;

const linkClusters = {
  id: 'link-clusters',
  decidesAs: 'structure',
  title: "Link clusters: inside GCE's container, removes groups of blocks that are mostly links",
  reads: ['article (only when GCE\'s container is used)'],
  adds: "removals with cause 'link-cluster'",
  off: 'stages["link-clusters"] = false',
  run(ctx) {
    if (ctx.rejection !== null) return [];
    const clusters = linkClusterDecisions(ctx.snapshot, ctx.record);
    for (const d of clusters) decide(ctx.record, d);
    return [{ note: `${clusters.length} link clusters removed` }];
  },
} as const satisfies Stage;

const articleParts = {
  id: 'article-parts',
  decidesAs: 'structure',
  title: 'Article parts: brings back what the structural extractor drops from the article (notes the text refers to, formulas, data tables, code samples, pictures)',
  reads: ['the record so far'],
  adds: 'kept decisions for those blocks',
  off: 'stages["article-parts"] = false',
  run(ctx) {
    const { snapshot, record } = ctx;
    const parts = [...referencedNoteDecisions(snapshot, record), ...formulaInTextDecisions(snapshot, record), ...tableInTextDecisions(snapshot, record), ...codeInTextDecisions(snapshot, record), ...figureInTextDecisions(snapshot, record)];
    for (const d of parts) decide(record, d);
    return parts.length > 0 ? [{ note: `${parts.length} footnote, formula, table, code or picture blocks kept` }] : [];
  },
} as const satisfies Stage;

const removalRules = {
  id: 'removal-rules',
  decidesAs: 'structure',
  title: 'Removal rules: the named rules whose evidence is reliable on its own remove kept blocks (cookie notices, share buttons, …)',
  reads: ['the kept blocks', "the rules with the 'decides' role (src/boilerplate/rules/)"],
  adds: 'removals with the rule\'s cause',
  off: 'stages["removal-rules"] = false',
  run(ctx) {
    const removed = applyRemovalRules(ctx.snapshot, ctx.record);
    return [{ note: `${removed} blocks removed by named rules` }];
  },
} as const satisfies Stage;

const causes = {
  id: 'causes',
  decidesAs: 'structure',
  title: 'Causes: names why each removed block was removed (navigation, footer, comments, …) from the rules with the \'explains\' role',
  reads: ['every removal', 'the main container'],
  adds: 'a cause and a reason in words on every removal (no verdict changes)',
  off: 'stages.causes = false (removals then carry no cause)',
  run(ctx) {
    explainRemovals(ctx.snapshot, ctx.record, ctx.rejection === null ? ctx.mainNode : -1);
    return [{}];
  },
} as const satisfies Stage;

function articlePartsOn(options: ExtractOptions): boolean {
  return options.stages?.['article-parts'] !== false;
}

const pageType = {
  id: 'page-type',
  decidesAs: 'page-type',
  title: "Page type: the classifier names the kind of page; when confident, that type's profile (forum, product, service, listing, collection) runs, then the checks for a missed listing or missed sections, reader comments and links to other stories after the article",
  reads: ['snapshot', 'the record so far'],
  adds: 'the page type summary; the profile\'s keeps and removals; the footnotes the text kept then refers to',
  off: 'stages["page-type"] = false',
  run(ctx) {
    const result = runPageTypeProfile(ctx.snapshot, ctx.record, ctx.options.passes);
    ctx.snapshot = result.snapshot;
    ctx.pageType = result.summary;
    // A profile may keep sections that cite notes, or take notes the article cites for the site's footer: the notes
    // the kept text refers to are looked for again, as the article-parts stage did before the profile ran.
    const profiled = ctx.record.decisions.some((d) => d?.stage === 'page-type');
    const notes: Decision[] = profiled && articlePartsOn(ctx.options) ? referencedNoteDecisions(ctx.snapshot, ctx.record) : [];
    for (const d of notes) decide(ctx.record, d);
    return notes.length > 0 ? [...result.log, { detail: 'footnotes', note: `${notes.length} footnote blocks the profile's text refers to kept` }] : result.log;
  },
} as const satisfies Stage;

/** The stages in the order they run. */
export const STAGES = [gce, readability, article, linkClusters, articleParts, removalRules, causes, pageType] as const;

export type StageId = (typeof STAGES)[number]['id'];
