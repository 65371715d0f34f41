import { ApolloLink } from "@apollo/client";
import { parse } from "graphql";
import type { Observable } from "rxjs";
import { firstValueFrom, of } from "rxjs";
import { describe, expect, it, vi } from "vitest";
import { lazyLink } from "./lazy-link";

const query = parse("subscription Ticks { tick }");
const run = (link: ApolloLink) =>
  firstValueFrom(
    ApolloLink.execute(
      link,
      { query },
      { client: {} as never },
    ) as unknown as Observable<ApolloLink.Result>,
  );

describe("lazyLink", () => {
  it("loads its link with the first operation, once, and passes its results on", async () => {
    const load = vi.fn(async () => new ApolloLink(() => of({ data: { tick: 1 } })));
    const link = lazyLink(load);
    expect(load).not.toHaveBeenCalled();
    expect(await run(link)).toEqual({ data: { tick: 1 } });
    expect(await run(link)).toEqual({ data: { tick: 1 } });
    expect(load).toHaveBeenCalledOnce();
  });

  it("fails the operation when the load fails, and tries again for the next one", async () => {
    const load = vi
      .fn<() => Promise<ApolloLink>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(new ApolloLink(() => of({ data: { tick: 2 } })));
    const link = lazyLink(load);
    await expect(run(link)).rejects.toThrow("offline");
    expect(await run(link)).toEqual({ data: { tick: 2 } });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never subscribes to the loaded link for an operation already unsubscribed", async () => {
    const subscribed = vi.fn();
    let finishLoad: (link: ApolloLink) => void = () => {};
    const link = lazyLink(
      () =>
        new Promise<ApolloLink>((resolve) => {
          finishLoad = resolve;
        }),
    );
    const early = ApolloLink.execute(link, { query }, { client: {} as never }).subscribe(() => {});
    early.unsubscribe();
    const later = run(link);
    finishLoad(
      new ApolloLink(() => {
        subscribed();
        return of({ data: { tick: 3 } });
      }),
    );
    // The later operation is answered once the load is done, after the early one's turn.
    expect(await later).toEqual({ data: { tick: 3 } });
    expect(subscribed).toHaveBeenCalledOnce();
  });
});
