/**
 * What SORE sends to the embedder, and in what order. Which segments are worth a vector at all is decided before
 * (segmentsToEmbed: a long paragraph lends the core its first sentences only; removed blocks only when rescue is
 * on); here each distinct text is embedded once, shortest first so a model batch pads little, in calls of
 * `batchSize` texts with a checkpoint between them (a time limit stops the pass there). When the model embeds
 * queries and passages alike (USE-lite, GloVe), the anchor rides in the same calls instead of costing one of its own.
 */
import type { SoreEmbedder } from './types';

export interface EmbedPlan {
  /** Distinct texts per role, in the order they are sent (shortest first). */
  query: string[];
  passage: string[];
}

export interface EmbeddedTexts {
  anchor: Float32Array;
  /** One vector per segment text, in the order given. */
  vectors: Float32Array[];
  /** Distinct texts sent and embedder calls made, for the run's note. */
  texts: number;
  calls: number;
}

const byLength = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

export function planEmbedding(anchor: string, segments: readonly string[], sameForRoles: boolean): EmbedPlan {
  const passages = new Set(segments);
  if (sameForRoles) passages.add(anchor);
  return { query: sameForRoles ? [] : [anchor], passage: [...passages].sort(byLength) };
}

/** Vectors of `texts` in `role`, in calls of at most `batchSize`, `checkpoint` before each call. */
async function embedInCalls(
  embedder: SoreEmbedder,
  texts: readonly string[],
  role: 'query' | 'passage',
  batchSize: number,
  into: Map<string, Float32Array>,
  checkpoint?: () => void,
): Promise<number> {
  let calls = 0;
  for (let i = 0; i < texts.length; i += batchSize) {
    checkpoint?.();
    const batch = texts.slice(i, i + batchSize);
    const vectors = await embedder.embed(batch, role);
    calls += 1;
    if (vectors.length !== batch.length) {
      throw new Error(`embedder ${embedder.id} returned ${vectors.length} vectors for ${batch.length} texts`);
    }
    batch.forEach((text, j) => into.set(text, vectors[j]));
  }
  return calls;
}

/** The anchor's and the segments' vectors, each distinct text embedded once. */
export async function embedForSore(
  embedder: SoreEmbedder,
  anchor: string,
  segments: readonly string[],
  batchSize: number,
  checkpoint?: () => void,
): Promise<EmbeddedTexts> {
  const plan = planEmbedding(anchor, segments, embedder.sameForRoles === true);
  const queries = new Map<string, Float32Array>();
  const passages = new Map<string, Float32Array>();
  let calls = await embedInCalls(embedder, plan.query, 'query', batchSize, queries, checkpoint);
  calls += await embedInCalls(embedder, plan.passage, 'passage', batchSize, passages, checkpoint);
  checkpoint?.();
  return {
    anchor: (queries.get(anchor) ?? passages.get(anchor)) as Float32Array,
    vectors: segments.map((text) => passages.get(text) as Float32Array),
    texts: plan.query.length + plan.passage.length,
    calls,
  };
}

/** Vectors of `texts` as passages, each distinct text embedded once, in the order of `texts`. */
export async function embedDistinct(
  embedder: SoreEmbedder,
  texts: readonly string[],
  batchSize: number,
  checkpoint?: () => void,
): Promise<Float32Array[]> {
  const passages = new Map<string, Float32Array>();
  await embedInCalls(embedder, [...new Set(texts)].sort(byLength), 'passage', batchSize, passages, checkpoint);
  return texts.map((text) => passages.get(text) as Float32Array);
}
