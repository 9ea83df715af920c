// A single-consumer queue that turns pushed values into an async iterator, ending with an error or
// when closed. The event subscription pushes from socket callbacks; `for await` pulls.

export class AsyncQueue<T> implements AsyncIterator<T> {
  private readonly items: T[] = [];
  private waiting:
    | { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }
    | undefined;
  private failure: { error: unknown } | undefined;
  private ended = false;

  push(item: T): void {
    if (this.ended || this.failure) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = undefined;
      resolve({ value: item, done: false });
    } else this.items.push(item);
  }

  /** Ends the iteration after the queued items. */
  end(): void {
    this.ended = true;
    this.settleWaiting();
  }

  /** Ends the iteration with error after the queued items. */
  fail(error: unknown): void {
    if (this.ended || this.failure) return;
    this.failure = { error };
    this.settleWaiting();
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false });
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private settleWaiting(): void {
    if (!this.waiting || this.items.length > 0) return;
    const { resolve, reject } = this.waiting;
    this.waiting = undefined;
    if (this.failure) reject(this.failure.error);
    else resolve({ value: undefined, done: true });
  }
}
