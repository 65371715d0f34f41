// GraphQL's enums carry the api's own values inside the BFF: StoryStatus GENERATING is
// "generating", as the REST JSON writes it. codegen.ts types the resolvers with this table
// (enumValues) and the executable schema translates with it (resolvers/index.ts), so REST values
// pass straight through, out to clients and in from their arguments.
import {
  ACCESS_REASONS,
  CONTINUATION_STATES,
  DESIRED_LENGTHS,
  graphQLEnumValues,
  IMAGE_ROLES,
  MODERATION_STATUSES,
  NASTINESS_LEVELS,
  READING_STATES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  STORY_STATUSES,
  STORY_VERSION_CAUSES,
  THEMES,
  USER_ROLES,
} from "@storyloom/common";
import { WATCH_PHASES } from "../upstream/watch-message.js";

export const ENUM_VALUES = {
  StoryStatus: graphQLEnumValues(STORY_STATUSES),
  DesiredLength: graphQLEnumValues(DESIRED_LENGTHS),
  NastinessLevel: graphQLEnumValues(NASTINESS_LEVELS),
  ModerationStatus: graphQLEnumValues(MODERATION_STATUSES),
  StoryImageRole: graphQLEnumValues(IMAGE_ROLES),
  Role: graphQLEnumValues(USER_ROLES),
  Theme: graphQLEnumValues(THEMES),
  StoryAccessReason: graphQLEnumValues(ACCESS_REASONS),
  // Versions of a story's text (docs/decisions/054-story-versions.md) and their word diffs.
  StoryVersionCause: graphQLEnumValues(STORY_VERSION_CAUSES),
  TextChangeKind: graphQLEnumValues(["same", "added", "removed"] as const),
  // Rewrites of passages (docs/decisions/061-passage-rewrites.md).
  RewriteInstruction: graphQLEnumValues([
    "shorter",
    "longer",
    "more_dialogue",
    "darker",
    "lighter",
    "custom",
    "notes",
  ] as const),
  PassageRewriteStatus: graphQLEnumValues([
    "writing",
    "ready",
    "kept",
    "original_kept",
    "failed",
  ] as const),
  // The shelves of a reader's library (docs/product.md#reading-progress).
  ReadingState: graphQLEnumValues(READING_STATES),
  // Continue the story (docs/decisions/062-continue-the-story.md).
  NextChapterState: graphQLEnumValues(CONTINUATION_STATES),
  // What a watch-live link shows (docs/decisions/069-watch-live-links.md).
  WatchPhase: graphQLEnumValues(WATCH_PHASES),
  // Purchases (docs/decisions/031-payments.md): the api's values of purchases.kind, .status and
  // earnings.kind.
  PurchaseKind: graphQLEnumValues(["story", "premium"] as const),
  PurchaseStatus: graphQLEnumValues(["pending", "paid", "refunded", "expired", "failed"] as const),
  EarningKind: graphQLEnumValues(["sale", "refund"] as const),
  // Notifications (docs/decisions/056-notifications.md): the api's kinds and channels.
  NotificationKind: graphQLEnumValues(NOTIFICATION_KINDS),
  NotificationChannel: graphQLEnumValues(NOTIFICATION_CHANNELS),
};
