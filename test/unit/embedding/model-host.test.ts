// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ModelHost } from '../../../ext/model-host/host';
import { l2Norm } from '../../../src/embedding/vector';
import { nodeModelStore, TINY_ONNX } from '../../helpers/models';

const newHost = () => new ModelHost({ store: nodeModelStore() });

describe('ModelHost', () => {
  it('loads one embedder per spec and reports its status', async () => {
    const host = newHost();
    expect(await host.status('glove')).toEqual({ state: 'absent' });
    const first = host.embedder('glove');
    expect((await host.status('glove')).state).toBe('loading');
    expect(host.embedder('glove')).toBe(first);
    await first;
    expect(await host.status('glove')).toMatchObject({ state: 'ready', backend: 'static' });
    // Spellings of the same configuration share the instance.
    const a = host.embedder(`onnx:${TINY_ONNX}`);
    expect(host.embedder(`onnx:${TINY_ONNX}?device=auto&prefix=none`)).toBe(a);
    expect(host.embedder(`onnx:${TINY_ONNX}?prefix=e5`)).not.toBe(a);
    await Promise.all([a, host.embedder(`onnx:${TINY_ONNX}?prefix=e5`)]);
  });

  it('answers embed requests with plain arrays, dimension, backend and time', async () => {
    const host = newHost();
    const response = await host.embed('glove', ['The river flooded the village', ''], 'passage');
    expect(response.dim).toBe(100);
    expect(response.backend).toBe('static');
    expect(response.ms).toBeGreaterThanOrEqual(0);
    expect(response.vectors).toHaveLength(2);
    expect(Array.isArray(response.vectors[0])).toBe(true);
    expect(l2Norm(Float32Array.from(response.vectors[0]))).toBeCloseTo(1, 5);
    expect(l2Norm(Float32Array.from(response.vectors[1]))).toBe(0);
  });

  it('runs jobs one at a time, in order, and survives a failing job', async () => {
    const host = newHost();
    const events: string[] = [];
    const job = (name: string, ms: number, fail = false) =>
      host.run(async () => {
        events.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        events.push(`${name}:end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const results = await Promise.allSettled([job('a', 30), job('b', 5, true), job('c', 1)]);
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('gives jobs the host models without queueing them again', async () => {
    const host = newHost();
    const dims = await host.run(async (context) => {
      const [vector] = await context.embed('glove', ['news'], 'query');
      return [(await context.embedder('glove')).dim, vector.length];
    });
    expect(dims).toEqual([100, 100]);
  });

  it('reports load errors and retries on the next request', async () => {
    const host = newHost();
    await expect(host.embed('onnx:no-such-model', ['x'], 'query')).rejects.toThrow(/no-such-model/);
    const status = await host.status('onnx:no-such-model');
    expect(status.state).toBe('error');
    expect(status.message).toMatch(/no-such-model/);
    const retry = await host.load('onnx:no-such-model');
    expect(retry.status.state).toBe('loading');
    await expect(retry.loading).rejects.toThrow(/no-such-model/);
    const invalid = await host.load('not-a-spec');
    expect(invalid.status.state).toBe('error');
    await expect(invalid.loading).rejects.toThrow(/unknown embedder/);
    expect(await host.status('not-a-spec')).toMatchObject({ state: 'error', message: expect.stringMatching(/unknown embedder/) });
  });
});
