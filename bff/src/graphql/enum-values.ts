// GraphQL's enums carry the api's own values inside the BFF: StoryStatus GENERATING is
// "generating", as the REST JSON writes it. codegen.ts types the resolvers with this table
// (enumValues) and the executable schema translates with it (resolvers/index.ts), so REST values
// pass straight through, out to clients and in from their arguments.
import {
  ACCESS_REASONS,
  DESIRED_LENGTHS,
  graphQLEnumValues,
  IMAGE_ROLES,
  MODERATION_STATUSES,
  NASTINESS_LEVELS,
  STORY_STATUSES,
  THEMES,
  USER_ROLES,
} from "@storyloom/common";

export const ENUM_VALUES = {
  StoryStatus: graphQLEnumValues(STORY_STATUSES),
  DesiredLength: graphQLEnumValues(DESIRED_LENGTHS),
  NastinessLevel: graphQLEnumValues(NASTINESS_LEVELS),
  ModerationStatus: graphQLEnumValues(MODERATION_STATUSES),
  StoryImageRole: graphQLEnumValues(IMAGE_ROLES),
  Role: graphQLEnumValues(USER_ROLES),
  Theme: graphQLEnumValues(THEMES),
  StoryAccessReason: graphQLEnumValues(ACCESS_REASONS),
  // Purchases (docs/decisions/031-payments.md): the api's values of purchases.kind, .status and
  // earnings.kind.
  PurchaseKind: graphQLEnumValues(["story", "premium"] as const),
  PurchaseStatus: graphQLEnumValues(["pending", "paid", "refunded", "expired", "failed"] as const),
  EarningKind: graphQLEnumValues(["sale", "refund"] as const),
};
