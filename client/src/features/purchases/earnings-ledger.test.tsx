import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EARNINGS_MESSAGES, EarningsLedger, MyEarningsQuery } from "./earnings-ledger";
import { renderStandalone } from "../../testing/render-standalone";

const money = (amountCents: number, formatted: string) => ({
  __typename: "Money" as const,
  amountCents,
  currency: "usd",
  formatted,
});

const ledger = (entries: object[], totals: object[]) => ({
  request: { query: MyEarningsQuery },
  result: { data: { myEarnings: { __typename: "EarningsLedger" as const, entries, totals } } },
});

describe("the author's earnings", () => {
  it("lists each sale and refund with the story, and the total", async () => {
    const entry = {
      __typename: "Earning" as const,
      id: "e1",
      kind: "SALE",
      storyPublicId: "s1",
      storyTitle: "The Lantern Keeper",
      createdAt: "2026-11-20T10:00:00.000Z",
      amount: money(139, "$1.39"),
    };
    renderStandalone(<EarningsLedger />, {
      mocks: [
        ledger(
          [
            { ...entry, id: "e2", kind: "REFUND", amount: money(-139, "-$1.39") },
            entry,
            { ...entry, id: "e3", amount: money(349, "$3.49") },
          ],
          [money(349, "$3.49")],
        ),
      ],
    });
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "Nov 20, 2026The Lantern KeeperRefund-$1.39",
      "Nov 20, 2026The Lantern KeeperSale$1.39",
      "Nov 20, 2026The Lantern KeeperSale$3.49",
    ]);
    expect(screen.getByText(/Total:/)).toHaveTextContent("Total: $3.49");
  });

  it("says there are no sales yet", async () => {
    renderStandalone(<EarningsLedger />, { mocks: [ledger([], [])] });
    expect(await screen.findByText(EARNINGS_MESSAGES.none)).toBeInTheDocument();
  });
});
