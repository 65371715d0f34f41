import type { StoryEvent, StoryEventBus } from "../story-event-bus.js";

export interface StoryWatcher {
  /** The story changed (or may have: after a reconnection); re-read it and push. */
  changed(event: StoryEvent | null): void;
}

/**
 * The sockets of this process by story, fed by the one story-events listener. The listener opens
 * with the first socket, so an app that never streams (the OpenAPI dump, most tests) never listens.
 */
export class StoryWatchers {
  private readonly byStory = new Map<string, Set<StoryWatcher>>();
  private bus: Promise<StoryEventBus> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly openBus: () => Promise<StoryEventBus>,
    /** Whether close() closes the bus too (false when the process shares it with its workers). */
    private readonly ownsBus: boolean,
  ) {}

  /** Starts delivering the story's events to `watcher`; resolves once the listener is in place. */
  async watch(publicId: string, watcher: StoryWatcher): Promise<() => void> {
    await this.listening();
    let watchers = this.byStory.get(publicId);
    if (!watchers) {
      watchers = new Set();
      this.byStory.set(publicId, watchers);
    }
    watchers.add(watcher);
    return () => {
      watchers.delete(watcher);
      if (watchers.size === 0 && this.byStory.get(publicId) === watchers) {
        this.byStory.delete(publicId);
      }
    };
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    this.byStory.clear();
    const bus = this.bus && (await this.bus.catch(() => null));
    if (bus && this.ownsBus) await bus.close();
  }

  private listening(): Promise<StoryEventBus> {
    this.bus ??= this.openBus().then(
      (bus) => {
        this.unsubscribe = bus.subscribe({
          onEvent: (event) => {
            for (const watcher of this.byStory.get(event.publicId) ?? []) watcher.changed(event);
          },
          onResync: () => {
            for (const watchers of this.byStory.values()) {
              for (const watcher of watchers) watcher.changed(null);
            }
          },
        });
        return bus;
      },
      (error: unknown) => {
        // The next socket tries again rather than inheriting a failure for ever.
        this.bus = null;
        throw error;
      },
    );
    return this.bus;
  }
}
