import { Type, type Static } from "typebox";
import { type UserRecord } from "../platform/db/schema.js";
import { READER_FONTS, THEMES, USER_ROLES } from "@storyloom/common";

const PROFILE_ID = "UserProfile";

const nullableString = (description: string) =>
  Type.Union([Type.String(), Type.Null()], { description });
const timestampOrNull = (description: string) =>
  Type.Union([Type.String({ format: "date-time" }), Type.Null()], { description });

/** The signed-in person's own profile, as the /auth routes answer it, in snake_case. */
export const UserProfileSchema = Type.Object(
  {
    id: Type.String({ description: "The api's user id; stories name it as author_id." }),
    username: Type.String({ description: "Unique; used in /profile/{username} links." }),
    email: nullableString("From the identity provider."),
    display_name: nullableString("Shown instead of the username where there is room."),
    avatar_url: nullableString("An https image URL."),
    bio: nullableString("Free text about the person."),
    is_premium: Type.Boolean({ description: "Illustrations are shown only to premium users." }),
    premium_until: timestampOrNull(
      "Until when the person is premium (bought or granted); null: never was. In the past: no longer.",
    ),
    roles: Type.Array(Type.Enum([...USER_ROLES])),
    age_verified_at: timestampOrNull("When the person confirmed their age, once."),
    tos_accepted_at: timestampOrNull("When the person accepted the terms of service, once."),
    privacy_policy_accepted_at: timestampOrNull("When the person accepted the privacy policy."),
    theme: Type.Union([Type.Enum([...THEMES]), Type.Null()], {
      description: "The site's theme, kept with the account; null follows the system.",
    }),
    reader_font: Type.Union([Type.Enum([...READER_FONTS]), Type.Null()], {
      description: "The reader's font, kept with the account; null is the default.",
    }),
    created_at: Type.String({ format: "date-time" }),
  },
  { $id: PROFILE_ID, additionalProperties: false },
);
export type UserProfileJson = Static<typeof UserProfileSchema>;

/** A response of a profile: a reference, so the OpenAPI document names the type once. */
export const userProfileResponse = (description: string) =>
  Type.Unsafe<UserProfileJson>({ ...Type.Ref(PROFILE_ID), description });

export function toUserProfileJson(user: UserRecord): UserProfileJson {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    display_name: user.displayName,
    avatar_url: user.avatarUrl,
    bio: user.bio,
    is_premium: user.premiumUntil !== null && user.premiumUntil.getTime() > Date.now(),
    premium_until: isoOrNull(user.premiumUntil),
    roles: user.roles,
    age_verified_at: isoOrNull(user.ageVerifiedAt),
    tos_accepted_at: isoOrNull(user.tosAcceptedAt),
    privacy_policy_accepted_at: isoOrNull(user.privacyPolicyAcceptedAt),
    theme: user.theme,
    reader_font: user.readerFont,
    created_at: user.createdAt.toISOString(),
  };
}

function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}
