import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CollapsiblePanel } from "./collapsible-panel";

const TITLE = "Ready to write? Generate a story prompt!";

/** What a panel holds: it tells when it is put on the page, as a form would ask for its data. */
function Contents({ onMount }: { onMount: () => void }) {
  const [text, setText] = useState("");
  useEffect(onMount, [onMount]);
  return (
    <label>
      Outline
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

function renderPanel(defaultOpen?: boolean) {
  const mounted = vi.fn();
  render(
    <CollapsiblePanel title={TITLE} defaultOpen={defaultOpen}>
      <Contents onMount={mounted} />
    </CollapsiblePanel>,
  );
  return mounted;
}

describe("CollapsiblePanel", () => {
  it("draws nothing it holds while closed and not reached for", () => {
    const mounted = renderPanel();
    expect(screen.getByRole("button", { name: TITLE })).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByLabelText("Outline")).not.toBeInTheDocument();
    expect(mounted).not.toHaveBeenCalled();
  });

  it("draws what it holds, still hidden, once the pointer is over the button", async () => {
    const user = userEvent.setup();
    const mounted = renderPanel();
    await user.hover(screen.getByRole("button", { name: TITLE }));
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText("Outline")).not.toBeVisible();
  });

  it("draws it on focus, for a keyboard", async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.tab();
    expect(screen.getByRole("button", { name: TITLE })).toHaveFocus();
    expect(screen.getByLabelText("Outline")).not.toBeVisible();
  });

  it("opens on a click and keeps what was typed when closed and opened again", async () => {
    const user = userEvent.setup();
    const mounted = renderPanel();
    const toggle = screen.getByRole("button", { name: TITLE });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.type(screen.getByLabelText("Outline"), "A lighthouse that walks");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByLabelText("Outline")).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByLabelText("Outline")).toHaveValue("A lighthouse that walks");
    expect(mounted).toHaveBeenCalledTimes(1);
  });

  it("draws at once a panel that starts open", () => {
    renderPanel(true);
    expect(screen.getByLabelText("Outline")).toBeVisible();
  });
});
