/** A fake embedder for unit tests: records every call and gives each (text, role) the vector [text length, query ? 1 : 0]. */
import type { Embedder, EmbedRole } from '../../src/embedding/types';

export function recordingEmbedder(sameForRoles = false): { embedder: Embedder; calls: { texts: string[]; role: EmbedRole }[] } {
  const calls: { texts: string[]; role: EmbedRole }[] = [];
  const embedder: Embedder = {
    id: 'recording',
    dim: 2,
    backend: 'static',
    backendReason: '',
    sameForRoles,
    async embed(texts, role) {
      calls.push({ texts: [...texts], role });
      return texts.map((t) => Float32Array.of(t.length, role === 'query' ? 1 : 0));
    },
  };
  return { embedder, calls };
}
