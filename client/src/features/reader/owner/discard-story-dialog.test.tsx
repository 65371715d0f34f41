import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { DiscardAction } from "../messages";
import { DiscardStoryDialog } from "./discard-story-dialog";

describe("the discard question", () => {
  it.each<[DiscardAction, string, string]>([
    ["cancel", "Cancel generation?", "Cancel Generation"],
    ["discard", "Discard this story?", "Discard Story"],
    ["delete", "Delete this story?", "Delete Story"],
  ])(
    "asks before it happens (%s): a question, what will happen, never what has (issue 29 row 12)",
    (action, title, confirm) => {
      render(
        <DiscardStoryDialog action={action} busy={false} onConfirm={vi.fn()} onDismiss={vi.fn()} />,
      );
      const dialog = screen.getByRole("dialog", { name: title });
      expect(dialog).toHaveTextContent(/\bwill\b/);
      expect(dialog).not.toHaveTextContent(/\b(was|were|has been|have been)\b/i);
      expect(within(dialog).getByRole("button", { name: confirm })).toBeEnabled();
    },
  );
});
