import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NextAdQuery, RecordAdClickMutation, RecordAdViewMutation } from "./ad-queries";
import { AdSlot } from "./ad-slot";

// The slot as a reader meets it (docs/decisions/032): labelled "Ad", its link sponsored, its view
// recorded only once it is on screen, its click recorded while the link opens.

/** A stand-in for the browser's IntersectionObserver the test moves on and off screen. */
class FakeObserver {
  static last: FakeObserver | null = null;
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  show(visible: boolean) {
    act(() =>
      this.callback(
        [{ isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
}

beforeEach(() => {
  FakeObserver.last = null;
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const offer = {
  __typename: "AdOffer" as const,
  nonce: "nonce-1",
  ad: {
    __typename: "Ad" as const,
    id: "QWQ6YTE",
    title: "Write your own story",
    body: "An outline is enough.",
    imageUrl: "https://example.com/lantern.png",
    targetUrl: "https://storyloom.example/start",
  },
};

function renderSlot(
  answer: typeof offer | null,
  extra: MockLink.MockedResponse[] = [],
  answered = vi.fn(() => ({ data: { nextAd: answer } })),
) {
  const mocks: MockLink.MockedResponse[] = [
    {
      request: { query: NextAdQuery, variables: { placement: "HOME" } },
      result: answered,
    },
    ...extra,
  ];
  return render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <div>
        <p>Before the slot</p>
        <AdSlot placement="HOME" />
      </div>
    </MockedProvider>,
  );
}

describe("an ad slot", () => {
  it("shows the ad labelled Ad, with a sponsored link and its picture sent no referrer", async () => {
    renderSlot(offer);
    const slot = await screen.findByRole("complementary", { name: "Ad" });
    expect(slot).toHaveTextContent(/^Ad/);
    const link = screen.getByRole("link", { name: /Write your own story/ });
    expect(link).toHaveAttribute("href", "https://storyloom.example/start");
    expect(link).toHaveAttribute("rel", "sponsored noopener");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveTextContent("An outline is enough.");
    const picture = slot.querySelector("img");
    expect(picture).toHaveAttribute("src", "https://example.com/lantern.png");
    expect(picture).toHaveAttribute("referrerpolicy", "no-referrer");
  });

  it("shows nothing when the api has no ad for this reader", async () => {
    const answered = vi.fn(() => ({ data: { nextAd: null } }));
    renderSlot(null, [], answered);
    await waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
    // Let the answer render, then check the slot stayed empty and watches nothing.
    await act(async () => {});
    expect(screen.getByText("Before the slot")).toBeInTheDocument();
    expect(screen.queryByRole("complementary", { name: "Ad" })).not.toBeInTheDocument();
    expect(FakeObserver.last).toBeNull();
  });

  it("records the view once the slot is on screen, not before", async () => {
    const viewed = vi.fn(() => ({ data: { recordAdView: { counted: true } } }));
    renderSlot(offer, [
      { request: { query: RecordAdViewMutation, variables: { nonce: "nonce-1" } }, result: viewed },
    ]);
    await screen.findByRole("complementary", { name: "Ad" });
    const observer = FakeObserver.last!;
    observer.show(false);
    expect(viewed).not.toHaveBeenCalled();
    observer.show(true);
    await waitFor(() => expect(viewed).toHaveBeenCalledTimes(1));
    expect(observer.disconnected).toBe(true);
  });

  it("records a click through the mutation", async () => {
    const clicked = vi.fn(() => ({
      data: { recordAdClick: { url: offer.ad.targetUrl, counted: true } },
    }));
    renderSlot(offer, [
      {
        request: { query: RecordAdClickMutation, variables: { nonce: "nonce-1" } },
        result: clicked,
      },
    ]);
    const link = await screen.findByRole("link", { name: /Write your own story/ });
    // jsdom does not open the new tab; the click's handler is what is tested.
    link.addEventListener("click", (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
  });
});
