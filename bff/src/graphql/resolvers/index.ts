import type { Resolvers } from "../../__generated__/resolvers-types.js";
import { ENUM_VALUES } from "../enum-values.js";
import { AdMutations, AdQueries } from "./Ads.js";
import { AuthorProfile } from "./AuthorProfile.js";
import { Category, StoryEdge, Tag } from "./Discovery.js";
import { Comment } from "./Comment.js";
import { LibraryEntry, libraryMutations, libraryQueries, ReadingProgress } from "./Library.js";
import { Mutation } from "./Mutation.js";
import {
  AdminPurchase,
  Earning,
  Money,
  PaymentEvent,
  PremiumStatus,
  Purchase,
  purchaseMutations,
  purchaseQueries,
  TestCheckout,
} from "./Purchases.js";
import {
  Notification,
  notificationMutations,
  notificationQueries,
  notificationSubscriptions,
} from "./Notifications.js";
import { Query } from "./Query.js";
import { Story, StoryVersion } from "./Story.js";
import {
  PassageRewrite,
  rewriteMutations,
  rewriteSubscription,
  storyRewrites,
} from "./PassageRewrite.js";
import { StoryImage } from "./StoryImage.js";
import { Subscription } from "./Subscription.js";
import { User } from "./User.js";
import { Viewer } from "./Viewer.js";
import { viewerAllowance, watchMutations, watchQueries, watchSubscriptions } from "./WatchLive.js";

export const resolvers: Resolvers = {
  // Enums carry the api's values inside (../enum-values.ts), in arguments and in answers alike.
  ...ENUM_VALUES,
  // House ads and affiliate links keep their resolvers in Ads.ts (docs/decisions/032), purchases
  // theirs in Purchases.ts (docs/decisions/031).
  Query: {
    ...Query,
    ...AdQueries,
    ...purchaseQueries,
    ...libraryQueries,
    ...notificationQueries,
    ...watchQueries,
  },
  Mutation: {
    ...Mutation,
    ...AdMutations,
    ...purchaseMutations,
    ...rewriteMutations,
    ...libraryMutations,
    ...notificationMutations,
    ...watchMutations,
  },
  Subscription: {
    ...Subscription,
    ...rewriteSubscription,
    ...notificationSubscriptions,
    ...watchSubscriptions,
  },
  Notification,
  Viewer: { ...Viewer, ...viewerAllowance },
  User,
  AuthorProfile,
  Story: { ...Story, ...storyRewrites },
  StoryVersion,
  PassageRewrite,
  StoryImage,
  Comment,
  Category,
  Tag,
  StoryEdge,
  Purchase,
  Earning,
  AdminPurchase,
  PaymentEvent,
  PremiumStatus,
  TestCheckout,
  Money,
  ReadingProgress,
  LibraryEntry,
};
