import { describe, expect, it } from "vitest";
import { REMEMBERED_STATES_PER_MEMBER, rememberViewerStates } from "./remembered-viewer-states.js";
import type { ViewerState, ViewerStates } from "./viewer-states.js";

// A member's own states remembered by the bff (docs/decisions/077-readers-own-states-remembered.md),
// against a stand-in for the api's GET /v1/me/story-states that records what it was asked.

const CLIENT = { forwardedFor: "203.0.113.9" } as unknown as Parameters<ViewerStates>[1];
const STATE: ViewerState = { isBookmarked: true, isOwner: false, newChapter: false };

/** `Bearer <jwt>` expiring at `expSeconds` (unsigned: only its payload is read). */
const bearer = (name: string, expSeconds = 4_000_000_000) => {
  const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `Bearer ${enc({ alg: "none" })}.${enc({ sub: name, exp: expSeconds })}.`;
};

/** The api: every story but "gone" is bookmarked; `refuse` makes it answer nothing. */
function recordingApi() {
  const asked: Array<[string, string[]]> = [];
  const api = { refuse: false };
  const states: ViewerStates = async (authorization, _client, publicIds) => {
    asked.push([authorization, [...publicIds]]);
    if (api.refuse) return null;
    return new Map(publicIds.filter((id) => id !== "gone").map((id) => [id, STATE]));
  };
  return { asked, api, states };
}

describe("rememberViewerStates", () => {
  it("asks the api only for the stories it does not keep, a story it left out kept as absent", async () => {
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 10_000);
    const ann = bearer("ann");
    const first = await viewerStates(ann, CLIENT, ["a", "gone"]);
    expect([...(first ?? new Map()).keys()]).toEqual(["a"]);
    const second = await viewerStates(ann, CLIENT, ["gone", "b", "a"]);
    expect(new Set(second?.keys())).toEqual(new Set(["a", "b"]));
    expect(asked).toEqual([
      [ann, ["a", "gone"]],
      [ann, ["b"]],
    ]);
  });

  it("keeps each member's states apart", async () => {
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 10_000);
    await viewerStates(bearer("ann"), CLIENT, ["a"]);
    await viewerStates(bearer("bob"), CLIENT, ["a"]);
    await viewerStates(bearer("ann"), CLIENT, ["a"]);
    expect(asked.map(([who]) => who)).toEqual([bearer("ann"), bearer("bob")]);
  });

  it("keeps nothing from a refused call, and answers it null", async () => {
    const { asked, api, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 10_000);
    api.refuse = true;
    expect(await viewerStates(bearer("ann"), CLIENT, ["a"])).toBeNull();
    api.refuse = false;
    expect((await viewerStates(bearer("ann"), CLIENT, ["a"]))?.get("a")).toEqual(STATE);
    expect(asked).toHaveLength(2);
  });

  it("believes a state for maxAgeMs, and never past the token's expiry", async () => {
    let now = 1_000_000;
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 5_000, () => now);
    const long = bearer("ann");
    // Expires two seconds from now.
    const short = bearer("bob", (now + 2_000) / 1000);
    await viewerStates(long, CLIENT, ["a"]);
    await viewerStates(short, CLIENT, ["a"]);
    now += 1_999;
    await viewerStates(long, CLIENT, ["a"]);
    await viewerStates(short, CLIENT, ["a"]);
    expect(asked).toHaveLength(2);
    now += 1;
    await viewerStates(short, CLIENT, ["a"]);
    expect(asked).toHaveLength(3);
    now += 3_000;
    await viewerStates(long, CLIENT, ["a"]);
    expect(asked).toHaveLength(4);
  });

  it("keeps nothing for a credential that is not a token with an expiry", async () => {
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 10_000);
    await viewerStates("Bearer opaque", CLIENT, ["a"]);
    await viewerStates("Bearer opaque", CLIENT, ["a"]);
    expect(asked).toHaveLength(2);
  });

  it("forgets a member after their write, and keeps no read their write overtook", async () => {
    const { asked, states } = recordingApi();
    let release: () => void = () => {};
    const slow: ViewerStates = async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return states(...args);
    };
    const ann = bearer("ann");
    const remembered = rememberViewerStates(slow, 10_000);
    const before = remembered.viewerStates(ann, CLIENT, ["a"]);
    remembered.forget(ann);
    release();
    expect((await before)?.get("a")).toEqual(STATE);
    const again = remembered.viewerStates(ann, CLIENT, ["a"]);
    release();
    await again;
    expect(asked).toHaveLength(2);
    // Kept now, until the next write.
    await remembered.viewerStates(ann, CLIENT, ["a"]);
    expect(asked).toHaveLength(2);
    remembered.forget(ann);
    const third = remembered.viewerStates(ann, CLIENT, ["a"]);
    release();
    await third;
    expect(asked).toHaveLength(3);
  });

  it("keeps at most REMEMBERED_STATES_PER_MEMBER stories a member, the latest asked", async () => {
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 10_000);
    const ids = Array.from({ length: REMEMBERED_STATES_PER_MEMBER + 3 }, (_, i) => `s${i}`);
    await viewerStates(bearer("ann"), CLIENT, ids);
    await viewerStates(bearer("ann"), CLIENT, ids.slice(3));
    expect(asked).toHaveLength(1);
    await viewerStates(bearer("ann"), CLIENT, ids.slice(0, 3));
    expect(asked[1]?.[1]).toEqual(ids.slice(0, 3));
  });

  it("with maxAgeMs 0 asks every time", async () => {
    const { asked, states } = recordingApi();
    const { viewerStates } = rememberViewerStates(states, 0);
    await viewerStates(bearer("ann"), CLIENT, ["a"]);
    await viewerStates(bearer("ann"), CLIENT, ["a"]);
    expect(asked).toHaveLength(2);
  });
});
