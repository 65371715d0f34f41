import { describe, expect, it } from "vitest";
import { UnsubscribeLinks } from "./unsubscribe-rules.js";

describe("unsubscribe links", () => {
  const links = new UnsubscribeLinks("a-configured-secret");
  const mine = { userId: "user_1", kind: "comment_reply", channel: "email" } as const;

  it("verify a genuine token as its person, kind and channel", () => {
    expect(links.verify(links.tokenFor(mine))).toEqual(mine);
  });

  it("refuse a token changed to name another person, kind or channel", () => {
    const [, kind, channel, signature] = links.tokenFor(mine).split(".");
    expect(links.verify(`user_2.${kind}.${channel}.${signature}`)).toBeNull();
    expect(links.verify(`user_1.new_story.${channel}.${signature}`)).toBeNull();
    expect(links.verify(`user_1.${kind}.push.${signature}`)).toBeNull();
  });

  it("verify a token for every kind, which no token of one kind can become", () => {
    const all = { ...mine, kind: "all" } as const;
    expect(links.verify(links.tokenFor(all))).toEqual(all);
    const [, , channel, signature] = links.tokenFor(mine).split(".");
    expect(links.verify(`user_1.all.${channel}.${signature}`)).toBeNull();
  });

  it("refuse a token signed with another secret, or not a token at all", () => {
    const forged = new UnsubscribeLinks("another-secret").tokenFor(mine);
    expect(links.verify(forged)).toBeNull();
    expect(links.verify("user_1.comment_reply.inbox.x")).toBeNull();
    expect(links.verify("nonsense")).toBeNull();
  });
});
