/**
 * The model host's SORE job: a structural extraction in, the same extraction with the semantic decisions applied
 * out. The outlier groups are loaded and validated once per host; the outlier index is built once per index key
 * and kept in the host (ModelHost.index), and its serialised form is persisted (IndexStore) so that a restarted
 * host restores it instead of embedding every phrase again. Runs on the host's queue, one request at a time.
 *
 * No browser API is used here: the extension host injects the groups loader and the IndexedDB store.
 */
import { OutlierIndex } from '@/src/ann/outlier-index';
import { canonicalSpec, parseEmbedderSpec } from '@/src/embedding/registry';
import type { Embedder } from '@/src/embedding/types';
import { semanticPass } from '@/src/pipeline/semantic-pass';
import type { Extraction } from '@/src/pipeline/types';
import type { Exemplar } from '@/src/sore/exemplars';
import { applyPhraseEdits, phrasesFor, type OutlierGroup, type PhraseEdits } from '@/src/sore/groups';
import { buildOutlierIndex, droppedPhrasesMessage, outlierIndexKey } from '@/src/sore/outlier-index-build';
import type { PhraseHit, PhraseIndex } from '@/src/sore/types';
import type { ModelHost } from './host';
import type { IndexStore } from './index-store';
import { CONTEXT_LOST_ERROR, type IndexSource, type SoreRequest, type SoreResponse } from './protocol';
import { errorMessage } from '../../src/error-message';

export interface SoreServiceDeps {
  /** Loads and validates the shipped groups (src/sore/groups.ts loadOutlierGroups); called until it gives groups. */
  loadGroups(): Promise<OutlierGroup[]>;
  /** Loads the mined known lines (src/sore/exemplars.ts loadExemplars); without it the vote has the phrases only. */
  loadExemplars?(): Promise<Exemplar[]>;
  /** Where serialised indexes persist across host restarts; without it they live only in this host. */
  store?: IndexStore;
  warn?: (message: string) => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Phrase edits as the message carried them, reduced to well-formed entries (the settings store validated them already). */
export function cleanPhraseEdits(raw: unknown): Record<string, PhraseEdits> {
  const out: Record<string, PhraseEdits> = {};
  if (!isRecord(raw)) return out;
  for (const [group, edits] of Object.entries(raw)) {
    if (isRecord(edits)) out[group] = { added: strings(edits.added), removed: strings(edits.removed) };
  }
  return out;
}

/** Checks the parts of an extraction SORE reads, so a malformed request fails with a sentence, not a TypeError. */
function checkExtraction(value: unknown): asserts value is Extraction {
  const ok =
    isRecord(value) &&
    isRecord(value.snapshot) &&
    Array.isArray(value.snapshot.blocks) &&
    typeof value.snapshot.html === 'string' &&
    isRecord(value.record) &&
    Array.isArray(value.record.decisions) &&
    Array.isArray(value.record.runs) &&
    typeof value.mainNode === 'number' &&
    isRecord(value.timings);
  if (!ok) throw new Error('the semantic pass got no usable extraction (snapshot, record, mainNode and timings are required)');
}

/** voy failed inside WASM: its module state is lost, only a reload of the host page recovers it. */
function wasmLost(error: unknown): Error | undefined {
  if (typeof WebAssembly === 'undefined' || !(error instanceof WebAssembly.RuntimeError)) return undefined;
  const lost = new Error(`the outlier index (voy) failed in WebAssembly (${error.message}); the model host reloads`, { cause: error });
  lost.name = CONTEXT_LOST_ERROR;
  return lost;
}

export class SoreService {
  private groups: Promise<OutlierGroup[]> | undefined;
  private exemplars: Promise<Exemplar[]> | undefined;
  private readonly warn: (message: string) => void;

  constructor(
    private readonly host: ModelHost,
    private readonly deps: SoreServiceDeps,
  ) {
    this.warn = deps.warn ?? ((m) => console.warn(`[pith:model-host] ${m}`));
  }

  /** The shipped groups, loaded once; a load that gives no groups is an error and is retried by the next request. */
  private shippedGroups(): Promise<OutlierGroup[]> {
    this.groups ??= this.deps.loadGroups().then((groups) => {
      if (groups.length === 0) {
        this.groups = undefined;
        throw new Error('the outlier phrase list (outlier-groups.json) could not be loaded or has no usable groups; see the model host console');
      }
      return groups;
    });
    return this.groups;
  }

  run(request: SoreRequest): Promise<SoreResponse> {
    return this.host.run(async (ctx) => {
      const start = performance.now();
      checkExtraction(request.extraction);
      let canonical: string;
      try {
        canonical = canonicalSpec(parseEmbedderSpec(String(request.spec)));
      } catch (error) {
        throw new Error(`the semantic model setting is invalid: ${errorMessage(error)}`, { cause: error });
      }
      const groups = applyPhraseEdits(await this.shippedGroups(), cleanPhraseEdits(request.phraseEdits));
      this.exemplars ??= this.deps.loadExemplars?.() ?? Promise.resolve([]);
      const exemplars = await this.exemplars;
      let embedder: Embedder;
      try {
        embedder = await ctx.embedder(request.spec);
      } catch (error) {
        // A lost transformers.js context goes up unchanged: the handler reloads the host and the client resends.
        if (error instanceof Error && error.name === CONTEXT_LOST_ERROR) throw error;
        throw new Error(`the model ${request.spec} could not be loaded: ${errorMessage(error)}`, { cause: error });
      }
      // The canonical spec, not embedder.id: the id does not tell dtype or prefix apart, which change the vectors.
      const indexKey = outlierIndexKey({ id: canonical }, groups, exemplars);
      const phrases = groups.reduce((n, g) => n + phrasesFor(g).length, 0) + exemplars.length;
      let indexSource: IndexSource = 'memory';
      const indexStart = performance.now();
      const index = await ctx.index(indexKey, async () => {
        const restored = await this.restore(indexKey, embedder.dim, phrases);
        if (restored) {
          indexSource = 'persisted';
          return restored;
        }
        indexSource = 'built';
        let built: OutlierIndex;
        try {
          const result = await buildOutlierIndex(embedder, groups, exemplars);
          built = result.index;
          if (result.dropped.length > 0) this.warn(droppedPhrasesMessage(embedder.id, result.dropped, result.total));
        } catch (error) {
          throw wasmLost(error) ?? error;
        }
        await this.deps.store?.put(indexKey, built.serialize()).catch((error: unknown) => this.warn(`could not persist the outlier index: ${String(error)}`));
        return built;
      });
      const indexMs = performance.now() - indexStart;
      // SORE turns an embedding or search failure into a 'sore:failed' run; a lost context must reach the handler.
      let lost: unknown;
      const watched: Embedder = {
        ...embedder,
        embed: (texts, role) =>
          embedder.embed(texts, role).catch((error: unknown) => {
            if (error instanceof Error && error.name === CONTEXT_LOST_ERROR) lost = error;
            throw error;
          }),
      };
      const searched: PhraseIndex = {
        nearest: (vector, k): PhraseHit[] => {
          try {
            return index.nearest(vector, k);
          } catch (error) {
            lost ??= wasmLost(error);
            throw error;
          }
        },
      };
      const extraction = await semanticPass(request.extraction, { embedder: watched, index: searched, groups }, request.params ?? {});
      if (lost !== undefined) throw lost;
      extraction.timings['sore.index'] = indexMs;
      return {
        extraction,
        info: {
          backend: embedder.backend,
          indexKey,
          indexSource,
          indexMs,
          groups: groups.length,
          phrases,
          indexedPhrases: index.size,
          ms: performance.now() - start,
        },
      };
    });
  }

  /** The persisted index for `key`, if there is one that fits this model and phrase list. */
  private async restore(key: string, dim: number, phrases: number): Promise<OutlierIndex | undefined> {
    if (!this.deps.store) return undefined;
    let text: string | undefined;
    try {
      text = await this.deps.store.get(key);
    } catch (error) {
      this.warn(`could not read the persisted outlier index: ${String(error)}`);
      return undefined;
    }
    if (text === undefined) return undefined;
    try {
      const index = OutlierIndex.deserialize(text);
      // Phrases without a distinct vector were left out when it was built, so it may hold fewer than the lists.
      if (index.dim === dim && index.size > 0 && index.size <= phrases) return index;
      index.free();
      this.warn(`persisted outlier index ${key} does not fit (dim ${index.dim}, ${index.size} phrases); rebuilding`);
    } catch (error) {
      this.warn(`persisted outlier index ${key} is unreadable (${String(error)}); rebuilding`);
    }
    return undefined;
  }
}
