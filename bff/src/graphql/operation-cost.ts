// What an operation may cost before it runs (docs/decisions/013-graphql-operation-cost.md): every
// field counts once for each item the lists above it may hold, and the calls to the api it would
// make are counted too. Each fragment is measured once, so the check takes time in proportion to
// the document, and it stops at the first limit passed.
import {
  COMMENTS_LIMIT,
  HIGHLIGHT_PIECES_MAX,
  STORY_VERSIONS_LIST_MAX,
  LIST_MAX_SIZE,
  MY_STORIES_PAGE_SIZE,
} from "@storyloom/common";
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/** How many items a list field may answer: `max`, or fewer when `argument` asks for fewer. */
export interface ListSize {
  argument?: string;
  max: number;
}

/** A story's chapters as the writer plans them (2 to 12), and a picture per chapter plus the cover. */
const STORY_CHAPTERS = 12;
/** The api's moderation queues answer at most 100 items a page. */
const MODERATION_PAGE_MAX = 100;
/** Counted as this many categories (docs/decisions/024: a short list admins keep). */
const CATEGORIES_MAX = 100;
/** GET /v1/admin/ads and /v1/admin/affiliate-links answer at most 200 each. */
const ADMIN_ADS_LIST_MAX = 200;
/** GET /v1/tags answers at most 100. */
export const TAGS_MAX = 100;

/**
 * Every list of objects in schema.graphql, and connections by their `first` (a test keeps this
 * table complete). A variable asking for the size counts as `max`: limits are checked once per
 * document, whatever the variables.
 */
export const LIST_SIZES: Readonly<Record<string, ListSize>> = {
  "Query.stories": { argument: "first", max: LIST_MAX_SIZE },
  "Query.trendingStories": { argument: "first", max: LIST_MAX_SIZE },
  "Query.searchStories": { argument: "first", max: LIST_MAX_SIZE },
  "Query.myBookmarks": { argument: "first", max: LIST_MAX_SIZE },
  "Query.myStories": { argument: "first", max: MY_STORIES_PAGE_SIZE },
  "Query.pendingComments": { argument: "first", max: MODERATION_PAGE_MAX },
  "Query.pendingStories": { argument: "first", max: MODERATION_PAGE_MAX },
  "Query.subscriptionFeed": { argument: "first", max: LIST_MAX_SIZE },
  "AuthorProfile.stories": { argument: "first", max: LIST_MAX_SIZE },
  "Viewer.subscriptions": { argument: "first", max: LIST_MAX_SIZE },
  "AuthorProfileConnection.edges": { max: 1 },
  // The connection's `first` already counts its edges.
  "StoryConnection.edges": { max: 1 },
  "Story.comments": { max: COMMENTS_LIMIT },
  // Replies are part of the story's COMMENTS_LIMIT: see TREE_FIELDS.
  "Comment.replies": { max: 1 },
  "Story.images": { max: STORY_CHAPTERS + 1 },
  "StoryContent.chapters": { max: STORY_CHAPTERS },
  // A watch-live link's chapters so far: at most a story's (decision 069).
  "WatchedStory.chapters": { max: STORY_CHAPTERS },
  "StoryContentPreview.chapters": { max: STORY_CHAPTERS },
  // Categories are few and made by admins; the api answers them all in one call.
  "Query.categories": { max: CATEGORIES_MAX },
  "Query.tags": { argument: "first", max: TAGS_MAX },
  // The api cuts a highlighted title or excerpt into at most HIGHLIGHT_PIECES_MAX pieces.
  "SearchHighlight.title": { max: HIGHLIGHT_PIECES_MAX },
  "SearchHighlight.snippet": { max: HIGHLIGHT_PIECES_MAX },
  // House ads and affiliate links (docs/decisions/032): readers see at most 3 links; admins' lists
  // are cut by the api at ADMIN_ADS_LIST_MAX.
  "Query.affiliateLinks": { max: 3 },
  "Query.adminAds": { max: ADMIN_ADS_LIST_MAX },
  "Query.adminAffiliateLinks": { max: ADMIN_ADS_LIST_MAX },
  // Purchases (docs/decisions/031-payments.md).
  "Query.myPurchases": { argument: "first", max: LIST_MAX_SIZE },
  "PurchaseConnection.edges": { max: 1 },
  // The ledger's `first` already counts its entries (an upper bound for its few totals too).
  "Query.myEarnings": { argument: "first", max: LIST_MAX_SIZE },
  "EarningsLedger.entries": { max: 1 },
  // One total per currency; the site sells in one.
  "EarningsLedger.totals": { max: 1 },
  "Query.adminPurchases": { argument: "first", max: 100 },
  // A purchase's events: its checkout's few, redeliveries are not recorded twice.
  "Query.purchaseEvents": { max: 20 },
  // The viewer's inbox (docs/decisions/056-notifications.md): every kind on every channel.
  "Query.notifications": { argument: "first", max: LIST_MAX_SIZE },
  "NotificationConnection.edges": { max: 1 },
  "Query.notificationPreferences": { max: 18 },
  "Mutation.setNotificationPreferences": { max: 18 },
  // A story's versions, newest first, for its owner (decision 054); a version's diff is one api
  // call (UPSTREAM_FIELDS) whose runs of words are scalars: they multiply nothing below them.
  "Story.versions": { max: STORY_VERSIONS_LIST_MAX },
  "StoryVersion.changes": { max: 1 },
  // A story's rewrites, newest first, for its owner (decision 061): one api call per story.
  "Story.rewrites": { max: 100 },
  // A reader's library (docs/product.md#reading-progress): the connection's `first` counts its
  // edges; a diff's runs of words are scalars.
  "Query.myLibrary": { argument: "first", max: LIST_MAX_SIZE },
  "LibraryConnection.edges": { max: 1 },
  "ChangesSinceRead.changes": { max: 1 },
};

/**
 * Lists whose items share their ancestor list's count: a story's discussion holds at most
 * COMMENTS_LIMIT comments, replies included (the api nests replies only there), so a thread costs
 * its costliest level once per comment, not every level.
 */
const TREE_FIELDS: ReadonlySet<string> = new Set(["Comment.replies"]);

/**
 * Fields that call the api besides the root fields (each of those calls it once): `per-item` once
 * for every object they are asked on, `batched` once whatever the number (a loader of loaders.ts).
 */
export const UPSTREAM_FIELDS: Readonly<Record<string, "per-item" | "batched">> = {
  "Story.comments": "per-item",
  "Story.author": "batched",
  "AuthorProfile.stories": "per-item",
  "Viewer.subscriptions": "per-item",
  "Story.category": "batched",
  "Story.versions": "per-item",
  "Story.version": "per-item",
  "StoryVersion.changes": "per-item",
  "Story.rewrites": "per-item",
};

/** A list of objects missing from LIST_SIZES counts as this many items. */
const UNLISTED_LIST_SIZE = 100;

export interface CostLimits {
  maxCost: number;
  maxUpstreamCalls: number;
}

/** What one operation was measured at; every figure is an upper bound. */
export interface OperationMeasure {
  cost: number;
  upstreamCalls: number;
}

/** Thrown to stop measuring at the first limit passed; its message says which. */
export class OperationTooCostly extends Error {}

interface Measure {
  /** Fields of one item, tree fields counted as one field each. */
  flat: number;
  /** The costliest deeper level of a tree (TREE_FIELDS), per item; 0 without one. */
  tree: number;
  /** api calls made once for every item. */
  perItemCalls: number;
  /** api calls made once whatever the number of items. */
  onceCalls: number;
  /** A field making the per-item calls, to name it. */
  perItemField: string | null;
}

const cost = (measure: Measure) => Math.max(measure.flat, measure.tree);
const calls = (measure: Measure) => measure.perItemCalls + measure.onceCalls;
const empty = (): Measure => ({
  flat: 0,
  tree: 0,
  perItemCalls: 0,
  onceCalls: 0,
  perItemField: null,
});

function add(total: Measure, part: Measure) {
  total.flat += part.flat;
  total.tree = Math.max(total.tree, part.tree);
  total.perItemCalls += part.perItemCalls;
  total.onceCalls += part.onceCalls;
  total.perItemField ??= part.perItemField;
}

const introspectionSizesBySchema = new WeakMap<GraphQLSchema, Map<string, ListSize>>();

/** The introspection lists, each at the most the schema can answer: introspection is counted too. */
function introspectionSizes(schema: GraphQLSchema): Map<string, ListSize> {
  let sizes = introspectionSizesBySchema.get(schema);
  if (sizes) return sizes;
  const types = Object.values(schema.getTypeMap());
  const most = (counts: number[]) => ({ max: Math.max(1, ...counts) });
  const fieldsOf = (type: (typeof types)[number]) =>
    isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : [];
  sizes = new Map([
    ["__Schema.types", most([types.length])],
    ["__Schema.directives", most([schema.getDirectives().length])],
    ["__Type.fields", most(types.map((type) => fieldsOf(type).length))],
    [
      "__Type.interfaces",
      most(
        types.map((t) => (isObjectType(t) || isInterfaceType(t) ? t.getInterfaces().length : 0)),
      ),
    ],
    [
      "__Type.possibleTypes",
      most(types.map((t) => (isAbstractType(t) ? schema.getPossibleTypes(t).length : 0))),
    ],
    ["__Type.enumValues", most(types.map((t) => (isEnumType(t) ? t.getValues().length : 0)))],
    [
      "__Type.inputFields",
      most(types.map((t) => (isInputObjectType(t) ? Object.keys(t.getFields()).length : 0))),
    ],
    ["__Field.args", most(types.flatMap((type) => fieldsOf(type).map((f) => f.args.length)))],
    ["__Directive.args", most(schema.getDirectives().map((directive) => directive.args.length))],
  ]);
  introspectionSizesBySchema.set(schema, sizes);
  return sizes;
}

function fieldDefinition(
  schema: GraphQLSchema,
  parentType: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (parentType === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  if (isObjectType(parentType) || isInterfaceType(parentType)) return parentType.getFields()[name];
  return undefined;
}

/**
 * Measures the operations of one document. Fragments are measured once each and their measure
 * reused at every spread (a fragment's measure does not depend on where it is spread).
 */
export class OperationCostMeter {
  private readonly fragmentMeasures = new Map<string, Measure | "measuring">();
  private readonly sizes: Map<string, ListSize>;
  /** Root types whose every field calls the api once (subscriptions use its live channel). */
  private readonly callingRoots: ReadonlySet<GraphQLCompositeType>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly limits: CostLimits,
  ) {
    this.sizes = new Map([...Object.entries(LIST_SIZES), ...introspectionSizes(schema)]);
    this.callingRoots = new Set(
      [schema.getQueryType(), schema.getMutationType()].filter((type) => type != null),
    );
  }

  /** The operation's measure; throws OperationTooCostly at the first limit it passes. */
  measure(operation: OperationDefinitionNode): OperationMeasure {
    const rootType = this.schema.getRootType(operation.operation);
    if (!rootType) return { cost: 0, upstreamCalls: 0 };
    const measure = this.selections(operation.selectionSet, rootType);
    return { cost: cost(measure), upstreamCalls: calls(measure) };
  }

  private selections(selectionSet: SelectionSetNode, parentType: GraphQLCompositeType): Measure {
    const total = empty();
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        add(total, this.field(selection, parentType));
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typeName = selection.typeCondition?.name.value;
        const type = typeName ? this.schema.getType(typeName) : parentType;
        // An unknown type is reported by graphql's own rules.
        if (isCompositeType(type)) add(total, this.selections(selection.selectionSet, type));
      } else {
        add(total, this.fragment(selection.name.value));
      }
      this.check(total);
    }
    return total;
  }

  private fragment(name: string): Measure {
    const known = this.fragmentMeasures.get(name);
    // A fragment spread inside itself is reported by graphql's NoFragmentCycles rule.
    if (known === "measuring") return empty();
    if (known) return known;
    const fragment = this.fragments.get(name);
    const type = fragment && this.schema.getType(fragment.typeCondition.name.value);
    if (!fragment || !isCompositeType(type)) return empty();
    this.fragmentMeasures.set(name, "measuring");
    try {
      const measure = this.selections(fragment.selectionSet, type);
      this.fragmentMeasures.set(name, measure);
      return measure;
    } finally {
      // Stopped at a limit: the fragment has no measure yet.
      if (this.fragmentMeasures.get(name) === "measuring") this.fragmentMeasures.delete(name);
    }
  }

  private field(node: FieldNode, parentType: GraphQLCompositeType): Measure {
    const name = node.name.value;
    const definition = fieldDefinition(this.schema, parentType, name);
    // An unknown field is reported by graphql's own rules; it counts as one field meanwhile.
    if (!definition) return { ...empty(), flat: 1 };
    const coordinate = `${parentType.name}.${name}`;
    const type = getNamedType(definition.type);
    const child =
      node.selectionSet && isCompositeType(type)
        ? this.selections(node.selectionSet, type)
        : empty();
    // No field answers Query or Mutation: a field of theirs is a root field, wherever it is spread.
    const isRootField = this.callingRoots.has(parentType) && !name.startsWith("__");
    const upstream = isRootField ? "once" : UPSTREAM_FIELDS[coordinate];
    const measure = empty();
    measure.onceCalls = child.onceCalls + (upstream === "once" || upstream === "batched" ? 1 : 0);
    if (TREE_FIELDS.has(coordinate)) {
      measure.flat = 1;
      measure.tree = cost(child);
      measure.perItemCalls = child.perItemCalls;
      measure.perItemField = child.perItemField;
      return measure;
    }
    const size = this.listSize(coordinate, definition, node);
    if (size > 1 && child.perItemCalls > 0) {
      const [itemType] = (child.perItemField ?? coordinate).split(".");
      throw new OperationTooCostly(
        `${child.perItemField} calls the api once per ${itemType}: ask for it on one ${itemType} at a time, not on every item of ${coordinate}.`,
      );
    }
    measure.flat = 1 + size * cost(child);
    measure.perItemCalls = child.perItemCalls + (upstream === "per-item" ? 1 : 0);
    measure.perItemField = upstream === "per-item" ? coordinate : child.perItemField;
    return measure;
  }

  private listSize(
    coordinate: string,
    definition: GraphQLField<unknown, unknown>,
    node: FieldNode,
  ) {
    const size = this.sizes.get(coordinate);
    if (!size) {
      const isObjectList =
        isListType(getNullableType(definition.type)) &&
        isCompositeType(getNamedType(definition.type));
      return isObjectList ? UNLISTED_LIST_SIZE : 1;
    }
    if (!size.argument) return size.max;
    const argument = node.arguments?.find((arg) => arg.name.value === size.argument);
    const asked = argument
      ? argument.value.kind === Kind.INT
        ? Number.parseInt(argument.value.value, 10)
        : size.max
      : definition.args.find((arg) => arg.name === size.argument)?.defaultValue;
    return typeof asked === "number" ? Math.min(size.max, Math.max(1, asked)) : size.max;
  }

  private check(measure: Measure) {
    // Every part of an operation costs no more than the whole: past a limit here, it is past it.
    if (cost(measure) > this.limits.maxCost) {
      throw new OperationTooCostly(
        `Query cost exceeds the limit of ${this.limits.maxCost} (each field counts once for every item its lists may hold).`,
      );
    }
    if (calls(measure) > this.limits.maxUpstreamCalls) {
      throw new OperationTooCostly(
        `Query needs more than ${this.limits.maxUpstreamCalls} calls to the api, the most one operation may make.`,
      );
    }
  }
}
