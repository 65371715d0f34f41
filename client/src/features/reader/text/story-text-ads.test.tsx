import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FragmentType } from "../../../__generated__";
import { NextAdQuery } from "../../ads/ad-queries";
import { StoryText } from "./story-text";
import type { StoryTextFragment } from "./story-text-fragment";

// The reader's ad slots between passages (docs/decisions/032): after every 5th passage counted
// across chapters, never after the last one, and none unless the reader asks for them.

const story = (paragraphsPerChapter: number[]) =>
  ({
    __typename: "Story",
    title: "The Drowned City",
    description: null,
    headerImageUrl: null,
    images: [],
    content: {
      chapters: paragraphsPerChapter.map((count, chapter) => ({
        title: `Chapter ${chapter + 1}`,
        paragraphs: Array.from(
          { length: count },
          (_, index) => `Passage ${chapter + 1}.${index + 1}`,
        ),
      })),
    },
  }) as unknown as FragmentType<typeof StoryTextFragment>;

const offer = {
  request: { query: NextAdQuery, variables: { placement: "READER" } },
  result: {
    data: {
      nextAd: {
        __typename: "AdOffer",
        nonce: "nonce-reader",
        ad: {
          __typename: "Ad",
          id: "QWQ6cmVhZGVy",
          title: "Between passages",
          body: "",
          imageUrl: null,
          targetUrl: "https://storyloom.example/premium",
        },
      },
    },
  },
  maxUsageCount: 5,
};

function renderText(paragraphs: number[], adSlots: boolean) {
  return render(
    <MockedProvider mocks={[offer]} cache={new InMemoryCache()}>
      <StoryText story={story(paragraphs)} adSlots={adSlots} />
    </MockedProvider>,
  );
}

describe("ad slots in the story text", () => {
  it("puts one after the 5th passage of a short story, across its chapters", async () => {
    renderText([2, 2, 2], true);
    const slots = await screen.findAllByRole("complementary", { name: "Ad" });
    expect(slots).toHaveLength(1);
    const fifth = screen.getByText("Passage 3.1");
    const sixth = screen.getByText("Passage 3.2");
    expect(
      fifth.compareDocumentPosition(slots[0]!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      slots[0]!.compareDocumentPosition(sixth) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("puts none when the story is not read with ads (its author's own, a draft)", async () => {
    render(
      <MockedProvider mocks={[offer]} cache={new InMemoryCache()}>
        <div>
          <section aria-label="Without ads">
            <StoryText story={story([2, 2, 2])} adSlots={false} />
          </section>
          <section aria-label="With ads">
            <StoryText story={story([6])} adSlots />
          </section>
        </div>
      </MockedProvider>,
    );
    // Once the story read with ads shows its slot, the other one has had every chance to.
    const slots = await screen.findAllByRole("complementary", { name: "Ad" });
    expect(slots).toHaveLength(1);
    expect(screen.getByRole("region", { name: "With ads" })).toContainElement(slots[0]!);
  });
});
