import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { RestUserProfile, RestStoryDetail, RestStoryImage } from '../upstream/rest-types.js';
import type { StoryGenerationEvent } from '../upstream/live-story-message.js';
import type { GraphQLContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO-8601 date-time string in UTC. */
  DateTime: { input: string; output: string; }
};

export type Chapter = {
  __typename?: 'Chapter';
  paragraphs: Array<Scalars['String']['output']>;
  title: Scalars['String']['output'];
};

export type DeleteAccountPayload = {
  __typename?: 'DeleteAccountPayload';
  deleted: Scalars['Boolean']['output'];
};

/** Spec §5: Short ~500 words, Medium ~1500, Long ~3000. */
export type DesiredLength =
  | 'LONG'
  | 'MEDIUM'
  | 'SHORT';

export type Mutation = {
  __typename?: 'Mutation';
  /** Records that the viewer accepted the Privacy Policy. */
  acceptPrivacyPolicy: Viewer;
  /** Records that the viewer accepted the Terms of Service. */
  acceptTerms: Viewer;
  /** READY_FOR_REVIEW → COMPLETED (owner only). */
  confirmStory: Story;
  /** Removes the viewer's data and their sign-in account. */
  deleteAccount: DeleteAccountPayload;
  /** Discard or cancel (GENERATING, READY_FOR_REVIEW, ERROR, COMPLETED → DISCARDED; owner only). */
  discardStory: Story;
  /** DISCARDED, ERROR or READY_FOR_REVIEW → GENERATING from scratch (owner only). */
  regenerateStory: Story;
  /** New pictures for a READY_FOR_REVIEW or COMPLETED story; albumArtOnly: only the cover. */
  regenerateStoryImages: Story;
  /** COMPLETED stories only, owner only. */
  setStoryVisibility: Story;
  /** Spec §4: starts writing a story; it begins GENERATING. */
  startStoryGeneration: Story;
  /** The canonical URL of a public story (spec §5: a private story cannot be shared). */
  storyShareLink: Scalars['String']['output'];
  updateProfile: Viewer;
  /** Records that the viewer confirmed their age. */
  verifyAge: Viewer;
};


export type MutationConfirmStoryArgs = {
  publicId: Scalars['ID']['input'];
};


export type MutationDiscardStoryArgs = {
  publicId: Scalars['ID']['input'];
};


export type MutationRegenerateStoryArgs = {
  publicId: Scalars['ID']['input'];
};


export type MutationRegenerateStoryImagesArgs = {
  albumArtOnly?: InputMaybe<Scalars['Boolean']['input']>;
  publicId: Scalars['ID']['input'];
};


export type MutationSetStoryVisibilityArgs = {
  isPublic: Scalars['Boolean']['input'];
  publicId: Scalars['ID']['input'];
};


export type MutationStartStoryGenerationArgs = {
  input: StartStoryGenerationInput;
};


export type MutationStoryShareLinkArgs = {
  publicId: Scalars['ID']['input'];
};


export type MutationUpdateProfileArgs = {
  input: UpdateProfileInput;
};

/** Spec §5: how dark the story may get. */
export type NastinessLevel =
  | 'HEAVY'
  | 'LIGHT'
  | 'MEDIUM';

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type Query = {
  __typename?: 'Query';
  /** The viewer's own stories, newest first (spec §9: up to 100 a page). */
  myStories: StoryConnection;
  /** A story the viewer may see, or null (spec §6: a story not visible to the viewer is not found). */
  story?: Maybe<Story>;
  /** The signed-in user's profile (created on first use), or null for a visitor. */
  viewer?: Maybe<Viewer>;
};


export type QueryMyStoriesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryStoryArgs = {
  publicId: Scalars['ID']['input'];
};

/** A role that grants moderation powers; ordinary users have none. */
export type Role =
  | 'ADMIN'
  | 'MODERATOR';

export type StartStoryGenerationInput = {
  desiredLength?: InputMaybe<DesiredLength>;
  nastinessLevel?: InputMaybe<NastinessLevel>;
  outline: Scalars['String']['input'];
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
  themeKeywords?: InputMaybe<Array<Scalars['String']['input']>>;
  title: Scalars['String']['input'];
};

export type Story = {
  __typename?: 'Story';
  author?: Maybe<User>;
  categoryName?: Maybe<Scalars['String']['output']>;
  /** Null until the writer has produced chapters. */
  content?: Maybe<StoryContent>;
  createdAt: Scalars['DateTime']['output'];
  description?: Maybe<Scalars['String']['output']>;
  desiredLength: DesiredLength;
  /** Why generation failed (status ERROR). */
  error?: Maybe<Scalars['String']['output']>;
  headerImageUrl?: Maybe<Scalars['String']['output']>;
  /** Global id (Story:<publicId>). */
  id: Scalars['ID']['output'];
  images: Array<StoryImage>;
  isPublic: Scalars['Boolean']['output'];
  nastinessLevel: NastinessLevel;
  outline: Scalars['String']['output'];
  preview?: Maybe<Scalars['String']['output']>;
  /** 0–100 while generating. */
  progress: Scalars['Int']['output'];
  publicId: Scalars['ID']['output'];
  status: StoryStatus;
  statusMessage?: Maybe<Scalars['String']['output']>;
  tags: Array<Scalars['String']['output']>;
  themeKeywords: Array<Scalars['String']['output']>;
  title: Scalars['String']['output'];
  updatedAt: Scalars['DateTime']['output'];
  /** Computed by the server: the viewer owns this story (spec §6). */
  viewerIsAuthor: Scalars['Boolean']['output'];
};

export type StoryConnection = {
  __typename?: 'StoryConnection';
  edges: Array<StoryEdge>;
  pageInfo: PageInfo;
};

/** Spec §3: the story's text. */
export type StoryContent = {
  __typename?: 'StoryContent';
  chapters: Array<Chapter>;
};

export type StoryContentPreview = {
  __typename?: 'StoryContentPreview';
  chapters: Array<Chapter>;
  title?: Maybe<Scalars['String']['output']>;
};

export type StoryEdge = {
  __typename?: 'StoryEdge';
  cursor: Scalars['String']['output'];
  node: Story;
};

/** Spec §3 'Generation update message': pushed while a story is being written. */
export type StoryGenerationUpdate = {
  __typename?: 'StoryGenerationUpdate';
  contentPreview?: Maybe<StoryContentPreview>;
  message?: Maybe<Scalars['String']['output']>;
  progress: Scalars['Int']['output'];
  /** Increases with every event of this story; a client ignores anything older than it has. */
  seq: Scalars['Int']['output'];
  status: StoryStatus;
  storyPublicId: Scalars['ID']['output'];
};

/** A picture: the cover, or one shown after a paragraph of a chapter. */
export type StoryImage = {
  __typename?: 'StoryImage';
  altText: Scalars['String']['output'];
  caption?: Maybe<Scalars['String']['output']>;
  chapterIndex?: Maybe<Scalars['Int']['output']>;
  id: Scalars['ID']['output'];
  paragraphIndex?: Maybe<Scalars['Int']['output']>;
  role: StoryImageRole;
  /** Same-origin URL of the picture (served through the BFF). */
  url: Scalars['String']['output'];
};

export type StoryImageRole =
  | 'CHAPTER'
  | 'COVER';

/** Spec §4: a story's lifecycle. */
export type StoryStatus =
  | 'COMPLETED'
  | 'DISCARDED'
  | 'ERROR'
  | 'GENERATING'
  | 'READY_FOR_REVIEW';

export type Subscription = {
  __typename?: 'Subscription';
  /** Spec §4 live channel: the current snapshot first, then every progress event. */
  storyGeneration: StoryGenerationUpdate;
};


export type SubscriptionStoryGenerationArgs = {
  publicId: Scalars['ID']['input'];
};

export type UpdateProfileInput = {
  avatarUrl?: InputMaybe<Scalars['String']['input']>;
  bio?: InputMaybe<Scalars['String']['input']>;
  displayName?: InputMaybe<Scalars['String']['input']>;
  /** 3 to 30 characters: lower-case letters, digits and underscores. */
  username?: InputMaybe<Scalars['String']['input']>;
};

/** A person's public face. */
export type User = {
  __typename?: 'User';
  avatarUrl?: Maybe<Scalars['String']['output']>;
  /** Global id (User:<id>). */
  id: Scalars['ID']['output'];
  username: Scalars['String']['output'];
};

/** The signed-in person, with the private parts of their profile. */
export type Viewer = {
  __typename?: 'Viewer';
  ageVerifiedAt?: Maybe<Scalars['DateTime']['output']>;
  avatarUrl?: Maybe<Scalars['String']['output']>;
  bio?: Maybe<Scalars['String']['output']>;
  createdAt: Scalars['DateTime']['output'];
  displayName?: Maybe<Scalars['String']['output']>;
  email?: Maybe<Scalars['String']['output']>;
  /** Global id (User:<id>). */
  id: Scalars['ID']['output'];
  /** Premium readers see story illustrations. */
  isPremium: Scalars['Boolean']['output'];
  privacyPolicyAcceptedAt?: Maybe<Scalars['DateTime']['output']>;
  roles: Array<Role>;
  termsAcceptedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The api's user id. */
  userId: Scalars['ID']['output'];
  username: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Chapter: ResolverTypeWrapper<Chapter>;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DeleteAccountPayload: ResolverTypeWrapper<DeleteAccountPayload>;
  DesiredLength: DesiredLength;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NastinessLevel: NastinessLevel;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Role: Role;
  StartStoryGenerationInput: StartStoryGenerationInput;
  Story: ResolverTypeWrapper<RestStoryDetail>;
  StoryConnection: ResolverTypeWrapper<Omit<StoryConnection, 'edges'> & { edges: Array<ResolversTypes['StoryEdge']> }>;
  StoryContent: ResolverTypeWrapper<StoryContent>;
  StoryContentPreview: ResolverTypeWrapper<StoryContentPreview>;
  StoryEdge: ResolverTypeWrapper<Omit<StoryEdge, 'node'> & { node: ResolversTypes['Story'] }>;
  StoryGenerationUpdate: ResolverTypeWrapper<StoryGenerationEvent>;
  StoryImage: ResolverTypeWrapper<RestStoryImage>;
  StoryImageRole: StoryImageRole;
  StoryStatus: StoryStatus;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  UpdateProfileInput: UpdateProfileInput;
  User: ResolverTypeWrapper<User>;
  Viewer: ResolverTypeWrapper<RestUserProfile>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars['Boolean']['output'];
  Chapter: Chapter;
  DateTime: Scalars['DateTime']['output'];
  DeleteAccountPayload: DeleteAccountPayload;
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  Mutation: Record<PropertyKey, never>;
  PageInfo: PageInfo;
  Query: Record<PropertyKey, never>;
  StartStoryGenerationInput: StartStoryGenerationInput;
  Story: RestStoryDetail;
  StoryConnection: Omit<StoryConnection, 'edges'> & { edges: Array<ResolversParentTypes['StoryEdge']> };
  StoryContent: StoryContent;
  StoryContentPreview: StoryContentPreview;
  StoryEdge: Omit<StoryEdge, 'node'> & { node: ResolversParentTypes['Story'] };
  StoryGenerationUpdate: StoryGenerationEvent;
  StoryImage: RestStoryImage;
  String: Scalars['String']['output'];
  Subscription: Record<PropertyKey, never>;
  UpdateProfileInput: UpdateProfileInput;
  User: User;
  Viewer: RestUserProfile;
};

export type ChapterResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Chapter'] = ResolversParentTypes['Chapter']> = {
  paragraphs?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DeleteAccountPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeleteAccountPayload'] = ResolversParentTypes['DeleteAccountPayload']> = {
  deleted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  acceptPrivacyPolicy?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
  acceptTerms?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
  confirmStory?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationConfirmStoryArgs, 'publicId'>>;
  deleteAccount?: Resolver<ResolversTypes['DeleteAccountPayload'], ParentType, ContextType>;
  discardStory?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationDiscardStoryArgs, 'publicId'>>;
  regenerateStory?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationRegenerateStoryArgs, 'publicId'>>;
  regenerateStoryImages?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationRegenerateStoryImagesArgs, 'albumArtOnly' | 'publicId'>>;
  setStoryVisibility?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationSetStoryVisibilityArgs, 'isPublic' | 'publicId'>>;
  startStoryGeneration?: Resolver<ResolversTypes['Story'], ParentType, ContextType, RequireFields<MutationStartStoryGenerationArgs, 'input'>>;
  storyShareLink?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationStoryShareLinkArgs, 'publicId'>>;
  updateProfile?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType, RequireFields<MutationUpdateProfileArgs, 'input'>>;
  verifyAge?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  myStories?: Resolver<ResolversTypes['StoryConnection'], ParentType, ContextType, RequireFields<QueryMyStoriesArgs, 'first'>>;
  story?: Resolver<Maybe<ResolversTypes['Story']>, ParentType, ContextType, RequireFields<QueryStoryArgs, 'publicId'>>;
  viewer?: Resolver<Maybe<ResolversTypes['Viewer']>, ParentType, ContextType>;
};

export type StoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Story'] = ResolversParentTypes['Story']> = {
  author?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  categoryName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  content?: Resolver<Maybe<ResolversTypes['StoryContent']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  desiredLength?: Resolver<ResolversTypes['DesiredLength'], ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  headerImageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['StoryImage']>, ParentType, ContextType>;
  isPublic?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nastinessLevel?: Resolver<ResolversTypes['NastinessLevel'], ParentType, ContextType>;
  outline?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  preview?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  publicId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StoryStatus'], ParentType, ContextType>;
  statusMessage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  tags?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  themeKeywords?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  viewerIsAuthor?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type StoryConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryConnection'] = ResolversParentTypes['StoryConnection']> = {
  edges?: Resolver<Array<ResolversTypes['StoryEdge']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
};

export type StoryContentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryContent'] = ResolversParentTypes['StoryContent']> = {
  chapters?: Resolver<Array<ResolversTypes['Chapter']>, ParentType, ContextType>;
};

export type StoryContentPreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryContentPreview'] = ResolversParentTypes['StoryContentPreview']> = {
  chapters?: Resolver<Array<ResolversTypes['Chapter']>, ParentType, ContextType>;
  title?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
};

export type StoryEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryEdge'] = ResolversParentTypes['StoryEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Story'], ParentType, ContextType>;
};

export type StoryGenerationUpdateResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryGenerationUpdate'] = ResolversParentTypes['StoryGenerationUpdate']> = {
  contentPreview?: Resolver<Maybe<ResolversTypes['StoryContentPreview']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  progress?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  seq?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['StoryStatus'], ParentType, ContextType>;
  storyPublicId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
};

export type StoryImageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['StoryImage'] = ResolversParentTypes['StoryImage']> = {
  altText?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  caption?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  chapterIndex?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paragraphIndex?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  role?: Resolver<ResolversTypes['StoryImageRole'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = {
  storyGeneration?: SubscriptionResolver<ResolversTypes['StoryGenerationUpdate'], "storyGeneration", ParentType, ContextType, RequireFields<SubscriptionStoryGenerationArgs, 'publicId'>>;
};

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  avatarUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type ViewerResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = {
  ageVerifiedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  avatarUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  bio?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  isPremium?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  privacyPolicyAcceptedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  roles?: Resolver<Array<ResolversTypes['Role']>, ParentType, ContextType>;
  termsAcceptedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  userId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  username?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  Chapter?: ChapterResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  DeleteAccountPayload?: DeleteAccountPayloadResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  Story?: StoryResolvers<ContextType>;
  StoryConnection?: StoryConnectionResolvers<ContextType>;
  StoryContent?: StoryContentResolvers<ContextType>;
  StoryContentPreview?: StoryContentPreviewResolvers<ContextType>;
  StoryEdge?: StoryEdgeResolvers<ContextType>;
  StoryGenerationUpdate?: StoryGenerationUpdateResolvers<ContextType>;
  StoryImage?: StoryImageResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
};

