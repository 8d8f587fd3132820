import { describe, expect, it } from 'vitest';
import { wasmThreads } from '../../../src/embedding/threads';

describe('WASM threads for onnxruntime-web', () => {
  it('uses one thread without cross-origin isolation, whatever the cores', () => {
    expect(wasmThreads(16, false)).toMatchObject({ threads: 1, reason: expect.stringMatching(/not cross-origin isolated/) });
  });

  it('uses one thread on 2 cores (a second one only competes with the page), more on machines with cores to spare', () => {
    expect(wasmThreads(2, true).threads).toBe(1);
    expect(wasmThreads(3, true).threads).toBe(1);
    expect(wasmThreads(4, true).threads).toBe(2);
    expect(wasmThreads(8, true)).toEqual({ threads: 4, reason: '4 WASM threads (8 cores)' });
    expect(wasmThreads(32, true).threads).toBe(4);
    expect(wasmThreads(undefined, true).threads).toBe(1);
  });
});
