// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { E5_PREFIXES, NO_PREFIXES } from '../../../src/embedding/prefixes';
import { canonicalSpec, createEmbedder, EmbedderSpecError, parseEmbedderSpec, type EmbedderSpec } from '../../../src/embedding/registry';
import { nodeModelStore, TINY_ONNX } from '../../helpers/models';

function parseOnnx(spec: string): Extract<EmbedderSpec, { kind: 'onnx' }> {
  const parsed = parseEmbedderSpec(spec);
  if (parsed.kind !== 'onnx') throw new Error(`${spec} did not parse as an ONNX spec`);
  return parsed;
}

describe('embedder specs', () => {
  it('parses the bundled models', () => {
    expect(parseEmbedderSpec('use-lite')).toEqual({ kind: 'use-lite' });
    expect(parseEmbedderSpec(' glove ')).toEqual({ kind: 'glove' });
  });

  it('parses local ONNX folders with options and e5 detection', () => {
    expect(parseEmbedderSpec(`onnx:${TINY_ONNX}`)).toEqual({
      kind: 'onnx',
      model: TINY_ONNX,
      remote: false,
      prefixes: NO_PREFIXES,
      device: 'auto',
      dtype: 'q8',
    });
    expect(parseOnnx('onnx:multilingual-e5-small').prefixes).toEqual(E5_PREFIXES);
    expect(parseOnnx('onnx:multilingual-e5-small?prefix=none').prefixes).toEqual(NO_PREFIXES);
    expect(parseEmbedderSpec(`onnx:${TINY_ONNX}?prefix=e5&device=wasm&dtype=fp32`)).toMatchObject({
      prefixes: E5_PREFIXES,
      device: 'wasm',
      dtype: 'fp32',
    });
  });

  it('accepts only known hub models, with their prefixes', () => {
    expect(parseEmbedderSpec('hub:Xenova/multilingual-e5-small')).toMatchObject({ remote: true, prefixes: E5_PREFIXES });
    expect(parseOnnx('hub:Xenova/all-MiniLM-L6-v2').prefixes).toEqual(NO_PREFIXES);
    expect(() => parseEmbedderSpec('hub:someone/unknown-model')).toThrow(EmbedderSpecError);
  });

  it('rejects malformed specs with a reason', () => {
    for (const bad of ['', 'bert', 'onnx:', 'onnx:../etc', 'onnx:a/b/c', 'onnx:x?colour=red', 'onnx:x?device=gpu', 'onnx:x?prefix=yes']) {
      expect(() => parseEmbedderSpec(bad), bad).toThrow(EmbedderSpecError);
    }
  });

  it('gives one canonical string per configuration', () => {
    expect(canonicalSpec(parseEmbedderSpec(`onnx:${TINY_ONNX}`))).toBe(canonicalSpec(parseEmbedderSpec(`onnx:${TINY_ONNX}?device=auto&dtype=q8`)));
    expect(canonicalSpec(parseEmbedderSpec('use-lite'))).toBe('use-lite');
  });

  it('creates embedders from specs', async () => {
    const glove = await createEmbedder('glove', { store: nodeModelStore() });
    expect(glove.id).toBe('glove');
    const onnx = await createEmbedder(`onnx:${TINY_ONNX}?prefix=e5`, { store: nodeModelStore() });
    expect(onnx.id).toBe(`onnx:${TINY_ONNX}`);
    expect(onnx.backend).toBe('node');
  });
});
