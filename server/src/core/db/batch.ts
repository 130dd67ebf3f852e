import DataLoader from 'dataloader';

export interface BatchOptions<I> {
  /** The most calls one statement carries. */
  maxBatch: number;
  /** Statements of this batcher running at once; calls arriving while all are busy wait and join the next one. */
  maxInFlight: number;
  /**
   * Two calls that must not share a statement (the later one goes in a later statement of the same batch, sent when
   * the earlier has returned); by default any calls may.
   */
  apart?: (a: I, b: I) => boolean;
}

/**
 * Calls of one statement that arrive together run as ONE statement (dataloader, without its cache): the calls made
 * in the same turn of the event loop, and those that arrive while `maxInFlight` statements are running, go out
 * together as soon as one returns. Under load a statement then carries many calls — one round trip and one commit
 * for all of them instead of one each — and a lone call goes out at once. `run` answers one result per call, in
 * order (an Error: that call failed). When `run` of several calls throws, each call runs again alone, so an error
 * reaches only its own: `run` must not have changed anything when it throws (one statement: it is rolled back).
 */
export function batchedCalls<I, O>(run: (items: readonly I[]) => Promise<(O | Error)[]>, options: BatchOptions<I>): (item: I) => Promise<O> {
  /** Statements running or about to (a slot is taken when a batch is sent, handed on or freed when it returns). */
  let busy = 0;
  const waiting: (() => void)[] = [];
  const alone = (item: I): Promise<O | Error> => run([item]).then(([result]) => result as O | Error, toError);
  const statement = async (items: readonly I[]): Promise<(O | Error)[]> =>
    items.length === 1 ? [await alone(items[0] as I)] : run(items).catch(() => Promise.all(items.map(alone)));
  const loader = new DataLoader<I, O>(
    async (items) => {
      try {
        const results: (O | Error)[] = [];
        for (const places of statementsOf(items, options.apart)) {
          const answered = await statement(places.map((i) => items[i] as I));
          places.forEach((i, n) => (results[i] = answered[n] as O | Error));
        }
        return results;
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

/** The calls' places, split into statements none of which holds two calls kept apart (first fit, in order). */
function statementsOf<I>(items: readonly I[], apart: ((a: I, b: I) => boolean) | undefined): number[][] {
  if (!apart) return [items.map((_, i) => i)];
  const statements: number[][] = [];
  items.forEach((item, i) => {
    const fits = statements.find((places) => places.every((j) => !apart(items[j] as I, item)));
    if (fits) fits.push(i);
    else statements.push([i]);
  });
  return statements;
}

const toError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));
