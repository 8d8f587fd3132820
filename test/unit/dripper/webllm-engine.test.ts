import { describe, expect, it } from 'vitest';
import { runDeepClean } from '../../../src/dripper/stage';
import { labelSchema, webGpuUnavailable, WebLlmLabelEngine, type WebLlmLike } from '../../../src/dripper/webllm-engine';
import { fixtureExtraction } from './fixtures';

type Create = WebLlmLike['chat']['completions']['create'];

/** Obeys WebLLM's interface: answers with the first enum value of each schema property (a model that says "main"). */
function fakeWebLlm(answer?: (schema: { properties: Record<string, { enum: string[] }>; required: string[] }) => string): WebLlmLike & { calls: Parameters<Create>[0][]; interrupted: number } {
  const fake = {
    calls: [] as Parameters<Create>[0][],
    interrupted: 0,
    interruptGenerate() {
      fake.interrupted++;
    },
    chat: {
      completions: {
        create: async (request: Parameters<Create>[0]) => {
          fake.calls.push(request);
          const schema = JSON.parse(request.response_format.schema);
          const content = answer ? answer(schema) : JSON.stringify(Object.fromEntries(schema.required.map((id: string) => [id, schema.properties[id].enum[0]])));
          return { choices: [{ message: { content } }], usage: { prompt_tokens: 100, completion_tokens: schema.required.length * 4 } };
        },
      },
    },
  };
  return fake;
}

describe('the WebLLM engine', () => {
  it('asks for a JSON schema that admits exactly the given ids, each main or other', () => {
    expect(JSON.parse(labelSchema(['4', '5']))).toEqual({
      type: 'object',
      properties: { 4: { type: 'string', enum: ['main', 'other'] }, 5: { type: 'string', enum: ['main', 'other'] } },
      required: ['4', '5'],
      additionalProperties: false,
    });
  });

  it('labels a page through the stage, with the prompt as the user message and greedy decoding', async () => {
    const fake = fakeWebLlm((schema) => JSON.stringify(Object.fromEntries(schema.required.map((id) => [id, Number(id) >= 5 ? 'other' : 'main']))));
    const extraction = await runDeepClean(fixtureExtraction(), new WebLlmLabelEngine(fake, 'Qwen3-0.6B', 4096));
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].temperature).toBe(0);
    expect(fake.calls[0].messages[0].content).toContain('_item_id="1"');
    expect(extraction.deepClean).toMatchObject({ status: 'applied', backend: 'WebLLM, WebGPU', removed: 2 });
    expect(extraction.record.decisions[7].reason).toBe('Labelled other by the language model (Qwen3-0.6B, deep clean)');
  });

  it('falls back when the answer breaks the schema anyway', async () => {
    const fake = fakeWebLlm(() => '```json\n{"1":"main"}\n```');
    const extraction = await runDeepClean(fixtureExtraction(), new WebLlmLabelEngine(fake, 'Qwen3-0.6B', 4096));
    expect(extraction.deepClean?.status).toBe('malformed');
  });

  it('interrupts generation at the time limit', async () => {
    const fake = fakeWebLlm();
    fake.chat.completions.create = () => new Promise(() => undefined);
    const extraction = await runDeepClean(fixtureExtraction(), new WebLlmLabelEngine(fake, 'Qwen3-0.6B', 4096), { timeoutMs: 200 });
    expect(extraction.deepClean?.status).toBe('timeout');
    expect(fake.interrupted).toBe(1);
  });

  it('says why it cannot run without WebGPU', async () => {
    expect(await webGpuUnavailable(undefined)).toBe('this browser has no WebGPU');
    expect(await webGpuUnavailable({ requestAdapter: async () => null })).toBe('no usable WebGPU adapter (GPU) was found');
    expect(await webGpuUnavailable({ requestAdapter: async () => ({}) })).toBeNull();
  });
});
