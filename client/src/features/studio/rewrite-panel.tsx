import { useMutation } from "@apollo/client/react";
import { REWRITE_INSTRUCTION_MAX } from "@storyloom/common";
import { useEffect, useId, useState, type FormEvent } from "react";
import { getFragmentData } from "../../__generated__";
import type { RewriteFieldsFragment as RewriteFields } from "../../__generated__/graphql";
import type { RewriteInstruction } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { serverMessageOf } from "../../lib/graphql-error-message";
import type { StoryTextContent } from "@storyloom/common";
import { AiAllowanceLine } from "../generation/components";
import { REWRITE_INSTRUCTION_LABELS, STUDIO_MESSAGES } from "./messages";
import { passageFromSelection, type SelectedPassage } from "./passage-selection";
import { RewriteFieldsFragment, RewritePassageMutation } from "./rewrite-queries";
import { RewriteReview } from "./rewrite-review";

/** The instructions the owner picks from (NOTES is for revisions from readers' notes). */
const INSTRUCTIONS: RewriteInstruction[] = [
  "SHORTER",
  "LONGER",
  "MORE_DIALOGUE",
  "DARKER",
  "LIGHTER",
  "CUSTOM",
];

/**
 * The last passage the owner selected in the story's text, inside a paragraph or across
 * paragraphs (kept while they use the panel).
 */
function useSelectedPassage(content: StoryTextContent): SelectedPassage | null {
  const [passage, setPassage] = useState<SelectedPassage | null>(null);
  useEffect(() => {
    function readSelection() {
      const selection = window.getSelection();
      if (!selection || selection.isCollapsed || selection.rangeCount === 0) return;
      const selected = passageFromSelection(selection, content);
      if (selected) setPassage(selected);
    }
    document.addEventListener("selectionchange", readSelection);
    return () => document.removeEventListener("selectionchange", readSelection);
  }, [content]);
  return passage;
}

interface RewritePanelProps {
  storyId: string;
  /** The story's text as the page shows it: a selection's offsets are in it. */
  content: StoryTextContent;
  onDone: (message: string) => void;
}

/**
 * Rewrite a passage: the owner selects text in a chapter (in a paragraph or across paragraphs), picks an instruction and reviews the
 * alternatives as they are written.
 */
export function RewritePanel({ storyId, content, onDone }: RewritePanelProps) {
  const passage = useSelectedPassage(content);
  const [instruction, setInstruction] = useState<RewriteInstruction>("SHORTER");
  const [ownWords, setOwnWords] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [rewrite, setRewrite] = useState<RewriteFields | null>(null);
  const [start, { loading }] = useMutation(RewritePassageMutation);
  const ownWordsId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!passage) return setError(STUDIO_MESSAGES.rewriteSelect);
    if (passage.acrossChapters) return setError(STUDIO_MESSAGES.acrossChapters);
    setError(null);
    const custom = instruction === "CUSTOM";
    try {
      const { data } = await start({
        variables: {
          id: storyId,
          input: {
            start: passage.start,
            end: passage.end,
            instruction,
            ...(custom ? { text: ownWords } : {}),
          },
        },
      });
      if (data) setRewrite(getFragmentData(RewriteFieldsFragment, data.rewritePassage));
    } catch (failure) {
      setError(serverMessageOf(failure) ?? STUDIO_MESSAGES.rewriteFailed);
    }
  }

  if (rewrite) return <RewriteReview storyId={storyId} rewrite={rewrite} onDone={onDone} />;
  return (
    <form className="rewrite-panel" onSubmit={(event) => void submit(event)}>
      {passage?.acrossChapters ? (
        <Alert tone="error">{STUDIO_MESSAGES.acrossChapters}</Alert>
      ) : passage ? (
        <>
          <h4 className="rewrite-review__label">{STUDIO_MESSAGES.rewriteSelected}</h4>
          <blockquote className="rewrite-review__original">{passage.text}</blockquote>
        </>
      ) : (
        <p>{STUDIO_MESSAGES.rewriteSelect}</p>
      )}
      <fieldset className="rewrite-panel__instructions">
        <legend>{STUDIO_MESSAGES.rewriteInstruction}</legend>
        {INSTRUCTIONS.map((value) => (
          <label key={value} className="rewrite-panel__choice">
            <input
              type="radio"
              name="rewrite-instruction"
              value={value}
              checked={instruction === value}
              onChange={() => setInstruction(value)}
            />
            {REWRITE_INSTRUCTION_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {instruction === "CUSTOM" ? (
        <div className="rewrite-panel__own-words">
          <label htmlFor={ownWordsId}>{STUDIO_MESSAGES.ownWordsLabel}</label>
          <textarea
            id={ownWordsId}
            value={ownWords}
            maxLength={REWRITE_INSTRUCTION_MAX}
            rows={2}
            onChange={(event) => setOwnWords(event.target.value)}
          />
        </div>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <AiAllowanceLine />
      <div className="studio-editor__actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? STUDIO_MESSAGES.rewriteStarting : STUDIO_MESSAGES.rewriteStart}
        </button>
      </div>
    </form>
  );
}
