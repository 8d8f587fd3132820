/**
 * Runs an async function over a stream of items with a fixed number of workers and hands the results on in input
 * order, however unevenly long the items take. Items are pulled only as workers free up.
 */
export async function mapOrdered<T, R>(
  items: AsyncIterable<T>,
  workers: number,
  work: (item: T, worker: number) => Promise<R>,
  emit: (result: R) => Promise<void> | void,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let pulled = 0;
  let emitted = 0;
  const finished = new Map<number, R>();
  let emitting: Promise<void> = Promise.resolve();

  const emitReady = async (): Promise<void> => {
    while (finished.has(emitted)) {
      const result = finished.get(emitted) as R;
      finished.delete(emitted);
      emitted += 1;
      await emit(result);
    }
  };

  // Pulls are serialised so that indices follow input order.
  let pulling: Promise<unknown> = Promise.resolve();
  const pull = (): Promise<{ index: number; item: T } | undefined> => {
    const next = pulling.then(async () => {
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
