/**
 * Talking to the model host from any extension context: background, extension pages, content scripts.
 * Requests go straight to the host; when there is none yet (or it was closed, or Firefox unloaded the event
 * page), it is created — directly where the context may (Chrome: offscreen API; Firefox: the background page),
 * else by asking the background — and the request is sent again.
 */
import { ensureBackgroundFrame } from './background-frame';
import { ensureOffscreen, hasOffscreenApi } from './offscreen';
import {
  CONTEXT_LOST_ERROR,
  HOST_RESTARTING,
  modelHostMessaging,
  type EmbedResponse,
  type HostInfo,
  type ModelStatus,
  type SoreResponse,
} from './protocol';
import { soreParamsFromSettings, type SoreSettings } from '@/ext/sore-settings';
import type { Embedder, EmbedRole } from '@/src/embedding/types';
import type { Extraction } from '@/src/pipeline/types';

/** Texts per message: bounds one request's time so other requests interleave and nothing hits message limits. */
export const EMBED_CHUNK = 64;
const READY_TIMEOUT_MS = 15_000;
const READY_POLL_MS = 50;
/** No host answered: none yet, a closed one, or one reloading itself. */
const NO_RECEIVER = new RegExp(`receiving end does not exist|no response|message port closed|${HOST_RESTARTING}`, 'i');

let inBackground = false;

/** Marks this context as the background and answers `ensure` for contexts that cannot create the host. */
export function installModelHostBackground(): void {
  inBackground = true;
  modelHostMessaging.onMessage('pith.modelHost.ensure', () => ensureModelHost());
}

/** Creates the host if needed and waits until its listener answers. */
export async function ensureModelHost(): Promise<HostInfo> {
  if (hasOffscreenApi()) await ensureOffscreen();
  else if (inBackground) ensureBackgroundFrame();
  else return askBackground();
  return waitForHost();
}

async function askBackground(): Promise<HostInfo> {
  try {
    return await modelHostMessaging.sendMessage('pith.modelHost.ensure', undefined);
  } catch (error) {
    if (!isNoReceiver(error)) throw error;
    throw new Error('the model host cannot be started: the background did not answer (is installModelHostBackground() called there?)', { cause: error });
  }
}

async function waitForHost(): Promise<HostInfo> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      return await modelHostMessaging.sendMessage('pith.modelHost.ping', undefined);
    } catch (error) {
      if (!isNoReceiver(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  }
}

/** Sends; if there was no host, creates it and sends again; if the host had to reload, waits and sends again. */
async function withHost<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isNoReceiver(error)) await ensureModelHost();
    else if (error instanceof Error && error.name === CONTEXT_LOST_ERROR) await waitForHost();
    else throw error;
    return send();
  }
}

export async function embedViaHost(spec: string, texts: string[], role: EmbedRole): Promise<EmbedResponse> {
  const vectors: number[][] = [];
  let response: EmbedResponse | undefined;
  let ms = 0;
  for (let start = 0; start < texts.length || response === undefined; start += EMBED_CHUNK) {
    const chunk = texts.slice(start, start + EMBED_CHUNK);
    response = await withHost(() => modelHostMessaging.sendMessage('pith.modelHost.embed', { spec, texts: chunk, role }));
    vectors.push(...response.vectors);
    ms += response.ms;
  }
  return { ...response, vectors, ms };
}

export function modelStatusViaHost(spec: string): Promise<ModelStatus> {
  return withHost(() => modelHostMessaging.sendMessage('pith.modelHost.modelStatus', { spec }));
}

/** Starts loading (for a hub model: downloading) a model; poll modelStatusViaHost for progress. */
export function loadViaHost(spec: string): Promise<ModelStatus> {
  return withHost(() => modelHostMessaging.sendMessage('pith.modelHost.load', { spec }));
}

/**
 * The semantic pass (SORE) in the host, with the user's model, thresholds and phrase edits. Resolves with the
 * extraction SORE changed (plus what the host did: backend, where the outlier index came from); rejects with the
 * host's error message when the model or the phrase list cannot be loaded. Load the model first (loadViaHost +
 * modelStatusViaHost) to show download progress and keep a long download out of this one request.
 */
export function soreViaHost(extraction: Extraction, settings: SoreSettings): Promise<SoreResponse> {
  const request = {
    extraction,
    spec: settings.model,
    params: soreParamsFromSettings(settings),
    phraseEdits: settings.phraseEdits,
  };
  return withHost(() => modelHostMessaging.sendMessage('pith.modelHost.sore', request));
}

/** An embedder whose work runs in the host: what SORE gets in a content script or the reader page. */
export function hostEmbedder(spec: string): Pick<Embedder, 'id' | 'embed'> {
  return {
    id: spec,
    async embed(texts, role) {
      const { vectors } = await embedViaHost(spec, texts, role);
      return vectors.map((v) => Float32Array.from(v));
    },
  };
}

function isNoReceiver(error: unknown): boolean {
  return error instanceof Error && NO_RECEIVER.test(error.message);
}

/** Deep clean's language model in the host (src/dripper/bridge-engine.ts carries the calls). */
export function lmViaHost(request: import('./protocol').LmHostRequest): Promise<unknown> {
  return withHost(() => modelHostMessaging.sendMessage('pith.modelHost.lm', request));
}

/** The perplexity stage in the host, whose models stay loaded for the session (perplexity-service.ts). */
export function perplexityViaHost(request: import('./protocol').PerplexityRequest): Promise<import('@/src/perplexity/stage').PerplexityOutcome> {
  return withHost(() => modelHostMessaging.sendMessage('pith.modelHost.perplexity', request));
}
