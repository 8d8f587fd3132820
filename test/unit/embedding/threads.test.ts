import { describe, expect, it } from 'vitest';
import { sharedMemoryHere, wasmThreads, wasmThreadsHere } from '../../../src/embedding/threads';

describe('WASM threads for onnxruntime-web', () => {
  it('uses one thread where threads cannot share memory, whatever the cores', () => {
    expect(wasmThreads(16, false)).toMatchObject({ threads: 1, reason: expect.stringMatching(/no SharedArrayBuffer/) });
  });

  it('sees shared memory where a SharedArrayBuffer can be posted (Node, like an extension page), and none without one', () => {
    expect(sharedMemoryHere()).toBe(true);
    const saved = globalThis.SharedArrayBuffer;
    try {
      // @ts-expect-error: a context without SharedArrayBuffer (a web page that is not cross-origin isolated)
      delete globalThis.SharedArrayBuffer;
      expect(sharedMemoryHere()).toBe(false);
      expect(wasmThreadsHere().threads).toBe(1);
    } finally {
      globalThis.SharedArrayBuffer = saved;
    }
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
