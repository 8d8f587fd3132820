/** Results held back behind a slow item, per worker: memory stays bounded by the concurrency, not by the input. */
const WINDOW_PER_WORKER = 4;

/**
 * Runs an async function over a stream of items with a fixed number of workers and hands the results on in input
 * order, however unevenly long the items take. Items are pulled only as workers free up, and never more than
 * WINDOW_PER_WORKER × workers ahead of the oldest result not yet handed on.
 */
export async function mapOrdered<T, R>(
  items: AsyncIterable<T>,
  workers: number,
  work: (item: T, worker: number) => Promise<R>,
  emit: (result: R) => Promise<void> | void,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  const window = workers * WINDOW_PER_WORKER;
  let pulled = 0;
  let emitted = 0;
  const finished = new Map<number, R>();
  let emitting: Promise<void> = Promise.resolve();
  let wakeWaiting: (() => void) | undefined;
  let progressed = new Promise<void>((resolve) => (wakeWaiting = resolve));
  const noteProgress = (): void => {
    wakeWaiting?.();
    progressed = new Promise<void>((resolve) => (wakeWaiting = resolve));
  };

  const emitReady = async (): Promise<void> => {
    while (finished.has(emitted)) {
      const result = finished.get(emitted) as R;
      finished.delete(emitted);
      emitted += 1;
      noteProgress();
      await emit(result);
    }
  };

  // Pulls are serialised so that indices follow input order.
  let pulling: Promise<unknown> = Promise.resolve();
  const pull = (): Promise<{ index: number; item: T } | undefined> => {
    const next = pulling.then(async () => {
      while (pulled - emitted >= window) await progressed;
      const step = await iterator.next();
      return step.done ? undefined : { index: pulled++, item: step.value };
    });
    pulling = next.catch(() => undefined);
    return next;
  };

  const worker = async (id: number): Promise<void> => {
    for (let next = await pull(); next; next = await pull()) {
      finished.set(next.index, await work(next.item, id));
      emitting = emitting.then(emitReady);
      await emitting;
    }
  };

  await Promise.all(Array.from({ length: workers }, (_, id) => worker(id)));
  await emitting;
}
