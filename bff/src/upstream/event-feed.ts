// One subscriber's view of a shared upstream stream: an async iterator of events in seq order.
// Every event is the story's whole state, so a slow subscriber only needs the newest one: the
// feed keeps at most one undelivered event (no unbounded queue behind a slow client).

export interface SequencedEvent {
  seq: number;
}

/** What a feed yields: an event, or the reason the stream ended (the last item). */
export type FeedItem<E> = { event: E } | { failure: Error };

export class EventFeed<E extends SequencedEvent> implements AsyncIterableIterator<FeedItem<E>> {
  private lastSeq = -Infinity;
  private pending: FeedItem<E> | null = null;
  private ended = false;
  private waiting: ((result: IteratorResult<FeedItem<E>>) => void) | null = null;

  /** @param onReturn called once when the subscriber leaves (GraphQL calls `return`). */
  constructor(private readonly onReturn: (feed: EventFeed<E>) => void) {}

  /** Offers an event; one whose seq is not above the last offered one's is dropped. */
  push(event: E): void {
    if (this.ended || event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    this.deliver({ event });
  }

  /** Ends the feed: with a failure it is yielded last; without, the iterator just completes. */
  end(failure?: Error): void {
    if (this.ended) return;
    this.ended = true;
    if (failure) this.deliver({ failure });
    else if (this.waiting) this.settle({ done: true, value: undefined });
  }

  get isEnded(): boolean {
    return this.ended;
  }

  next(): Promise<IteratorResult<FeedItem<E>>> {
    if (this.pending) {
      const value = this.pending;
      this.pending = null;
      return Promise.resolve({ done: false, value });
    }
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<FeedItem<E>>> {
    const wasEnded = this.ended;
    this.ended = true;
    this.pending = null;
    if (this.waiting) this.settle({ done: true, value: undefined });
    if (!wasEnded) this.onReturn(this);
    return Promise.resolve({ done: true, value: undefined });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private deliver(item: FeedItem<E>): void {
    if (this.waiting) this.settle({ done: false, value: item });
    else this.pending = item;
  }

  private settle(result: IteratorResult<FeedItem<E>>): void {
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.(result);
  }
}
