import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StoryOffer } from "./story-offer";

const price = { amountCents: 299, currency: "usd", formatted: "$2.99" };

describe("StoryOffer", () => {
  it("says what the rest of the story costs", () => {
    render(<StoryOffer storyId="Story:abc" price={price} />);
    const offer = screen.getByRole("complementary", { name: "Keep reading" });
    expect(offer).toHaveTextContent("The rest of this story is $2.99.");
    expect(offer).toHaveTextContent("every chapter, with its pictures");
  });

  it("puts its children where the purchase button goes", () => {
    render(
      <StoryOffer storyId="Story:abc" price={price}>
        <button type="button">Buy for $2.99</button>
      </StoryOffer>,
    );
    const offer = screen.getByRole("complementary", { name: "Keep reading" });
    expect(offer).toContainElement(screen.getByRole("button", { name: "Buy for $2.99" }));
  });
});
