import { CombinedGraphQLErrors } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { describeChannelFailure, parseGenerationUpdate, shouldRefetchOnPush } from "./live-updates";

function graphQLErrors(code: string) {
  return new CombinedGraphQLErrors({ errors: [{ message: "no", extensions: { code } }] });
}

describe("live channel rules", () => {
  it("refetches when a pushed stable status differs from the current one", () => {
    for (const pushed of ["READY_FOR_REVIEW", "COMPLETED", "DISCARDED", "ERROR"]) {
      expect(shouldRefetchOnPush("GENERATING", pushed)).toBe(true);
    }
  });

  it("does not refetch for a repeat of a stable status or for progress", () => {
    expect(shouldRefetchOnPush("READY_FOR_REVIEW", "READY_FOR_REVIEW")).toBe(false);
    expect(shouldRefetchOnPush("GENERATING", "GENERATING")).toBe(false);
    expect(shouldRefetchOnPush("ERROR", "GENERATING")).toBe(false);
  });

  it("says authentication failed when the server refuses the viewer", () => {
    expect(describeChannelFailure(graphQLErrors("UNAUTHENTICATED")).message).toBe(
      "Authentication failed. Cannot connect for updates.",
    );
    expect(describeChannelFailure(new Error("Socket closed with event 4401 Unauthorized"))).toEqual(
      { kind: "error", message: "Authentication failed. Cannot connect for updates." },
    );
  });

  it("treats close codes 1000 and 1005 as a normal close", () => {
    for (const code of [1000, 1005]) {
      expect(describeChannelFailure(new Error(`Socket closed with event ${code} `))).toEqual({
        kind: "closed",
        message: "Connection closed.",
      });
    }
  });

  it("says the connection was lost for any other close code", () => {
    expect(describeChannelFailure(new Error("Socket closed with event 1006 "))).toEqual({
      kind: "error",
      message: "Generation updates connection lost unexpectedly.",
    });
  });

  it("says there was a connection error otherwise", () => {
    expect(describeChannelFailure(new Error("network down")).message).toBe(
      "Connection error with generation updates.",
    );
    expect(describeChannelFailure(graphQLErrors("NOT_FOUND")).message).toBe(
      "Connection error with generation updates.",
    );
  });

  it("reads a pushed update and rejects one without status, progress or seq", () => {
    expect(
      parseGenerationUpdate({
        status: "GENERATING",
        progress: 20,
        message: "Planning",
        seq: 3,
        contentPreview: { title: "T", chapters: [{}, {}] },
      }),
    ).toEqual({
      status: "GENERATING",
      progress: 20,
      message: "Planning",
      seq: 3,
      previewTitle: "T",
      previewChapterCount: 2,
      previewChapters: [
        { title: "", paragraphs: [] },
        { title: "", paragraphs: [] },
      ],
    });
    expect(parseGenerationUpdate({ status: "GENERATING", seq: 1 })).toBeNull();
    expect(parseGenerationUpdate(null)).toBeNull();
  });

  it("reads the chapters written so far, the last one as far as it goes", () => {
    const update = parseGenerationUpdate({
      status: "GENERATING",
      progress: 40,
      message: "Writing chapter 2 of 3...",
      seq: 9,
      contentPreview: {
        title: "The Lantern Keeper",
        chapters: [
          { title: "The Flood", paragraphs: ["Water rose.", "Only the lighthouse stood."] },
          { title: "The Keeper", paragraphs: ["Mira kept"] },
        ],
      },
    });
    expect(update?.previewChapters).toEqual([
      { title: "The Flood", paragraphs: ["Water rose.", "Only the lighthouse stood."] },
      { title: "The Keeper", paragraphs: ["Mira kept"] },
    ]);
  });
});
