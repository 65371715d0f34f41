// A shared JSON answer read once and cut where each reader's own values go: the api's list page laid
// over for a signed-in reader (docs/decisions/076-filtered-lists-and-search-read-only-what-they-rank.md)
// and the bff's shared GraphQL answers laid over for a member
// (docs/decisions/077-readers-own-states-remembered.md) are written with a mark at each such place,
// cut here, and each reader's answer is the pieces with their values between.

/** The text between the marks (one more piece than marks) and what each mark stands for. */
export interface CutAtMarks<Slot> {
  pieces: string[];
  slots: Slot[];
}

/**
 * Cuts `text` at every match of `marks` (a global pattern: matchAll refuses any other), naming
 * each match's slot with `slotOf`.
 */
export function cutAtMarks<Slot>(
  text: string,
  marks: RegExp,
  slotOf: (match: RegExpExecArray) => Slot,
): CutAtMarks<Slot> {
  const pieces: string[] = [];
  const slots: Slot[] = [];
  let from = 0;
  for (const match of text.matchAll(marks)) {
    pieces.push(text.slice(from, match.index));
    slots.push(slotOf(match));
    from = match.index + match[0].length;
  }
  pieces.push(text.slice(from));
  return { pieces, slots };
}
