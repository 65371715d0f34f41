import { useCallback, useReducer } from "react";
import { INLINE_PLACEHOLDER_LENGTH, COMMENT_MESSAGES, replyPlaceholder } from "./messages";

/** A passage chosen for a note: offsets into the canonical text and the selected text. */
export interface PendingInlineRange {
  start: number;
  end: number;
  text: string;
}

export interface ReplyTarget {
  /** The global id of the comment replied to. */
  id: string;
  /** Who wrote it, for the placeholder. */
  name: string;
}

/** The composer posts a reply, an inline note, or a general comment. */
export interface ComposerTarget {
  replyTo: ReplyTarget | null;
  inlineRange: PendingInlineRange | null;
}

export type ComposerTargetAction =
  | { type: "reply"; target: ReplyTarget }
  | { type: "inline"; range: PendingInlineRange }
  | { type: "clearReply" }
  | { type: "clearInline" }
  | { type: "posted" };

export const GENERAL_TARGET: ComposerTarget = { replyTo: null, inlineRange: null };

/**
 * Choosing Reply sets the reply target and clears the inline range; an inline range clears the
 * reply target; a successful post clears both.
 */
export function composerTargetReducer(
  state: ComposerTarget,
  action: ComposerTargetAction,
): ComposerTarget {
  switch (action.type) {
    case "reply":
      return { replyTo: action.target, inlineRange: null };
    case "inline":
      return { replyTo: null, inlineRange: action.range };
    case "clearReply":
      return { ...state, replyTo: null };
    case "clearInline":
      return { ...state, inlineRange: null };
    case "posted":
      return GENERAL_TARGET;
  }
}

/** The placeholder: the reply's author, the selection's first 30 characters, or the default. */
export function composerPlaceholder(target: ComposerTarget): string {
  if (target.replyTo) return replyPlaceholder(target.replyTo.name);
  if (target.inlineRange) return target.inlineRange.text.slice(0, INLINE_PLACEHOLDER_LENGTH);
  return COMMENT_MESSAGES.defaultPlaceholder;
}

export function useComposerTarget() {
  const [target, dispatch] = useReducer(composerTargetReducer, GENERAL_TARGET);
  const replyTo = useCallback(
    (reply: ReplyTarget) => dispatch({ type: "reply", target: reply }),
    [],
  );
  const annotate = useCallback(
    (range: PendingInlineRange) => dispatch({ type: "inline", range }),
    [],
  );
  const clearReply = useCallback(() => dispatch({ type: "clearReply" }), []);
  const clearInline = useCallback(() => dispatch({ type: "clearInline" }), []);
  const posted = useCallback(() => dispatch({ type: "posted" }), []);
  return { target, replyTo, annotate, clearReply, clearInline, posted };
}

export type ComposerTargetControls = ReturnType<typeof useComposerTarget>;
