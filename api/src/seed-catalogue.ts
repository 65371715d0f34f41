import type { DesiredLength, PricePointCents } from "@storyloom/common";

// The seed's catalogue: its authors, stories (title, outline, tags, length), prices and categories.
// `npm run seed` (seed.ts) writes them through the real pipeline.
export const SEED_AUTHORS = [
  "ada_quill",
  "basil_thorn",
  "cora_vale",
  "dmitri_fen",
  "elsie_moor",
  "felix_rook",
] as const;

type SeedStory = [title: string, outline: string, tags: string[], length: DesiredLength];

/**
 * Seed stories with a price, by title: a fresh start shows priced stories, their free part and the
 * offer (docs/product.md#prices-and-access).
 */
export const SEED_PRICES: ReadonlyMap<string, PricePointCents> = new Map([
  ["Salt and Silver", 199],
  ["The Clockwork Orchard", 99],
]);

export const SEED_STORIES: SeedStory[] = [
  [
    "The Lantern Keeper",
    "A lighthouse keeper finds a map inside a bottle.",
    ["mystery", "sea"],
    "short",
  ],
  [
    "Salt and Silver",
    "Two rival divers search a wreck for a cursed necklace.",
    ["adventure", "sea"],
    "medium",
  ],
  [
    "The Clockwork Orchard",
    "A gardener grows trees that tick instead of rustle.",
    ["fantasy"],
    "short",
  ],
  [
    "Letters from Ceres",
    "A miner on an asteroid writes home to a daughter she has never met.",
    ["science fiction"],
    "medium",
  ],
  [
    "The Last Tram Home",
    "Strangers on a night tram realise they share the same dream.",
    ["mystery", "city"],
    "short",
  ],
  [
    "Hollow Hill",
    "Children find a door in a hill that was not there yesterday.",
    ["fantasy", "children"],
    "short",
  ],
  [
    "A Recipe for Rain",
    "A baker in a drought town bakes bread that brings the clouds.",
    ["magical realism"],
    "short",
  ],
  [
    "The Cartographer's Error",
    "A mapmaker draws an island that then appears in the sea.",
    ["adventure", "fantasy"],
    "long",
  ],
  [
    "Static on Channel Nine",
    "A radio host starts receiving calls from next week.",
    ["thriller"],
    "medium",
  ],
  [
    "The Quiet Library",
    "A librarian guards a book that rewrites its readers.",
    ["horror"],
    "short",
  ],
  [
    "Moth Season",
    "A village lights no lamps for one week a year, and one girl asks why.",
    ["folk tale"],
    "short",
  ],
  ["Ironwood", "A blacksmith forges a sword from a fallen star.", ["fantasy", "adventure"], "long"],
  [
    "The Understudy",
    "An actor must play the lead the night the star vanishes.",
    ["drama", "mystery"],
    "medium",
  ],
  [
    "Snowblind",
    "A mountain rescue team follows footprints that end in open snow.",
    ["thriller", "mountains"],
    "short",
  ],
  [
    "Paper Boats",
    "Two brothers race paper boats to the sea, and one boat arrives.",
    ["drama", "children"],
    "short",
  ],
  [
    "The Beekeeper's Daughter",
    "A girl who can talk to bees learns a secret about the queen.",
    ["fantasy"],
    "medium",
  ],
  [
    "Neon Saints",
    "A courier in a rain-soaked city carries a package no one may open.",
    ["science fiction", "city"],
    "medium",
  ],
  [
    "The Glass Forest",
    "Travellers cross a forest where every tree is a mirror.",
    ["fantasy"],
    "short",
  ],
  [
    "Night Shift at the Museum of Lost Things",
    "A guard catalogues objects that turn up overnight.",
    ["mystery", "humour"],
    "short",
  ],
  [
    "Tidewater",
    "A fishing town bargains with something under the harbour.",
    ["horror", "sea"],
    "medium",
  ],
  [
    "The Seventh Postman",
    "Every postman on one street has quit; the seventh finds out why.",
    ["humour", "mystery"],
    "short",
  ],
  [
    "Orbit of Small Things",
    "A repair robot on a space station collects lost buttons.",
    ["science fiction"],
    "short",
  ],
  [
    "The Fox and the Cartwheel",
    "A clever fox steals a wheel and starts a journey.",
    ["folk tale", "children"],
    "short",
  ],
  [
    "Ashes of Aurelia",
    "An exiled princess returns to a city that forgot her.",
    ["fantasy", "adventure"],
    "long",
  ],
  [
    "Under the Floorboards",
    "A new tenant hears someone humming beneath her kitchen.",
    ["horror"],
    "short",
  ],
  [
    "The Weather Collector",
    "A man keeps storms in jars and one of them escapes.",
    ["magical realism"],
    "medium",
  ],
  [
    "Field Notes on Dragons",
    "A naturalist writes careful notes on a dragon she is hiding.",
    ["fantasy", "humour"],
    "medium",
  ],
  [
    "The Long Way Round",
    "Two old friends walk across the country to scatter a letter.",
    ["drama"],
    "long",
  ],
  [
    "Red Thread",
    "A tailor sews a coat that shows its wearer's lies.",
    ["folk tale", "mystery"],
    "short",
  ],
  [
    "Signal Lost",
    "A deep-sea station loses contact with the surface for a week.",
    ["thriller", "sea"],
    "medium",
  ],
  ["The Moon Market", "Once a month, a market opens that sells memories.", ["fantasy"], "short"],
  [
    "Chalk Giants",
    "Hill figures start to walk across the downs at night.",
    ["fantasy", "mountains"],
    "medium",
  ],
  [
    "The Apprentice Cartoonist",
    "A boy's drawings come true, but only the sad ones.",
    ["magical realism", "children"],
    "short",
  ],
  [
    "Copper Sky",
    "Settlers on a dusty moon find an abandoned greenhouse in bloom.",
    ["science fiction"],
    "long",
  ],
  [
    "The Inheritance",
    "Three cousins inherit a house that rearranges its rooms.",
    ["mystery", "humour"],
    "medium",
  ],
  [
    "Winter Bells",
    "A bell ringer in a frozen town rings for someone who never comes.",
    ["drama", "mountains"],
    "short",
  ],
];

/** The seed's categories, and the first tags whose stories each takes (docs/decisions/024). */
export const SEED_CATEGORIES: Array<{ name: string; description: string; firstTags: string[] }> = [
  {
    name: "Mystery & Thriller",
    description: "Secrets, clues and people who should not be trusted.",
    firstTags: ["mystery", "thriller"],
  },
  {
    name: "Fantasy & Folklore",
    description: "Magic, old tales and the strange made ordinary.",
    firstTags: ["fantasy", "folk tale", "magical realism"],
  },
  {
    name: "Science Fiction",
    description: "Other worlds, other times, other machines.",
    firstTags: ["science fiction"],
  },
  {
    name: "Adventure",
    description: "Journeys, wrecks and daring.",
    firstTags: ["adventure"],
  },
  {
    name: "Drama & Humour",
    description: "People, their troubles and their jokes.",
    firstTags: ["drama", "humour"],
  },
  { name: "Horror", description: "For reading with the lights on.", firstTags: ["horror"] },
];
