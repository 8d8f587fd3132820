/**
 * Wires the host's messages to a ModelHost. Register this synchronously when the host page starts: the listener
 * must exist before anything slow (WASM, top-level await) is imported, or the first message after
 * offscreen.createDocument() finds no receiver. The host itself comes from `loadHost`, a lazy import.
 */
import type { ModelHost } from './host';
import type { SoreService } from './sore-service';
import { CONTEXT_LOST_ERROR, HOST_RESTARTING, modelHostMessaging, type HostKind } from './protocol';

export type ContextLostHandler = (error: Error & { webgpu?: boolean }) => void;

/**
 * `loadSore` gives the host's SORE service (also a lazy import: it brings voy's WASM); without it, SORE requests
 * are answered with an error.
 */
export function registerModelHostHandlers(
  kind: HostKind,
  loadHost: () => Promise<ModelHost>,
  onContextLost: ContextLostHandler,
  loadSore?: () => Promise<SoreService>,
): void {
  let restarting = false;
  const noteFailure = (error: unknown) => {
    if (error instanceof Error && error.name === CONTEXT_LOST_ERROR && !restarting) {
      restarting = true;
      onContextLost(error);
    }
  };
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (restarting) throw new Error(HOST_RESTARTING);
    try {
      return await work();
    } catch (error) {
      noteFailure(error);
      throw error;
    }
  };
  const { onMessage } = modelHostMessaging;
  onMessage('pith.modelHost.ping', () => guard(async () => ({ kind })));
  onMessage('pith.modelHost.embed', ({ data }) => guard(async () => (await loadHost()).embed(data.spec, data.texts, data.role)));
  onMessage('pith.modelHost.modelStatus', ({ data }) => guard(async () => (await loadHost()).status(data.spec)));
  onMessage('pith.modelHost.sore', ({ data }) =>
    guard(async () => {
      if (!loadSore) throw new Error(`this model host (${kind}) does not run the semantic pass`);
      return (await loadSore()).run(data);
    }),
  );
  onMessage('pith.modelHost.load', ({ data }) =>
    guard(async () => {
      const { status, loading } = await (await loadHost()).load(data.spec);
      loading.catch(noteFailure); // nobody awaits a background load, so watch it here
      return status;
    }),
  );
}
