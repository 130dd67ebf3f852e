import DataLoader from 'dataloader';

export interface BatchOptions {
  /** The most calls one statement carries. */
  maxBatch: number;
  /** Statements of this batcher running at once; calls arriving while all are busy wait and join the next one. */
  maxInFlight: number;
}

/**
 * Calls of one statement that arrive together run as ONE statement (dataloader, without its cache): the calls made
 * in the same turn of the event loop, and those that arrive while `maxInFlight` statements are running, go out
 * together as soon as one returns. Under load a statement then carries many calls — one round trip and one commit
 * for all of them instead of one each — and a lone call goes out at once. `run` answers one result per call, in
 * order (an Error: that call failed). When `run` of several calls throws, each call runs again alone, so an error
 * reaches only its own: `run` must not have changed anything when it throws.
 */
export function batchedCalls<I, O>(run: (items: readonly I[]) => Promise<(O | Error)[]>, options: BatchOptions): (item: I) => Promise<O> {
  /** Statements running or about to (a slot is taken when a batch is sent, handed on or freed when it returns). */
  let busy = 0;
  const waiting: (() => void)[] = [];
  const alone = (item: I): Promise<O | Error> => run([item]).then(([result]) => result as O | Error, toError);
  const loader = new DataLoader<I, O>(
    async (items) => {
      try {
        return items.length === 1 ? [await alone(items[0] as I)] : await run(items).catch(() => Promise.all(items.map(alone)));
      } finally {
        const next = waiting.shift();
        if (next) setImmediate(next);
        else busy--;
      }
    },
    {
      cache: false,
      maxBatchSize: options.maxBatch,
      batchScheduleFn: (send) => {
        // A batch that finds every statement busy waits for one to return, gathering the calls that arrive meanwhile.
        if (busy < options.maxInFlight) {
          busy++;
          setImmediate(send);
        } else waiting.push(send);
      },
    },
  );
  return (item) => loader.load(item);
}

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
