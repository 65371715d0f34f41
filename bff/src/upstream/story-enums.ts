// The api's snake_case enum values and GraphQL's SCREAMING_CASE ones, one table per enum.
import type {
  DesiredLength,
  ModerationStatus,
  NastinessLevel,
  StoryImageRole,
  StoryStatus,
} from "../__generated__/resolvers-types.js";

const storyStatuses: Record<string, StoryStatus> = {
  generating: "GENERATING",
  ready_for_review: "READY_FOR_REVIEW",
  completed: "COMPLETED",
  error: "ERROR",
  discarded: "DISCARDED",
};

const desiredLengths: Record<string, DesiredLength> = {
  short: "SHORT",
  medium: "MEDIUM",
  long: "LONG",
};

const nastinessLevels: Record<string, NastinessLevel> = {
  light: "LIGHT",
  medium: "MEDIUM",
  heavy: "HEAVY",
};

const imageRoles: Record<string, StoryImageRole> = { cover: "COVER", chapter: "CHAPTER" };

const moderationStatuses: Record<string, ModerationStatus> = {
  pending: "PENDING",
  approved: "APPROVED",
  rejected: "REJECTED",
};

/** Null for a status this BFF does not know (a newer api): callers decide how to fail. */
export const storyStatusFromRest = (status: string): StoryStatus | null =>
  storyStatuses[status] ?? null;

function known<T>(table: Record<string, T>, value: string, what: string): T {
  const mapped = table[value];
  if (mapped === undefined) throw new Error(`The api sent an unknown ${what} "${value}".`);
  return mapped;
}

export const storyStatusOf = (status: string) => known(storyStatuses, status, "story status");
export const desiredLengthOf = (value: string) => known(desiredLengths, value, "desired length");
export const nastinessLevelOf = (value: string) => known(nastinessLevels, value, "nastiness level");
export const imageRoleOf = (role: string) => known(imageRoles, role, "image role");
export const moderationStatusOf = (status: string) =>
  known(moderationStatuses, status, "moderation status");

/** GraphQL → REST: SHORT → short, HEAVY → heavy. */
export const toRestEnum = <T extends string>(value: T) => value.toLowerCase() as Lowercase<T>;
