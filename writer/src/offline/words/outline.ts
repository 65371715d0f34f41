// The outline reader's word sets: the small words, place words, role words and cues it reads an
// outline by (outline/). All lower case.

/** Words that open a noun phrase ("the lonely robot", "her brother"). */
export const DETERMINERS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "the",
  "her",
  "his",
  "their",
  "its",
  "my",
  "our",
  "your",
]);
/** An apposition after a name starts with one of these ("Mara, a young cartographer"). */
export const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"]);

/** Prepositions after which a capitalised name is probably a place. */
export const LOCATIVE: ReadonlySet<string> = new Set([
  "in",
  "at",
  "into",
  "across",
  "through",
  "near",
  "beyond",
  "toward",
  "towards",
  "inside",
  "under",
  "beneath",
  "above",
  "around",
  "outside",
  "within",
  "on",
  "onto",
  "reach",
  "reaches",
  "visit",
  "visits",
]);

/** Words of movement before "to"/"from" ("travels to Fogmouth", "flees from Castlereach"). */
export const MOVEMENT: ReadonlySet<string> = new Set(
  (
    "travel travels travelled traveled go goes went return returns returned sail sails sailed " +
    "fly flies flew move moves moved come comes came head heads headed journey journeys walk " +
    "walks walked run runs ran ride rides rode drive drives drove escape escapes escaped flee " +
    "flees fled way back road path trip voyage sent moving flight passage"
  ).split(" "),
);

/** Words that name a place when they end a phrase ("the old lighthouse", "Glass City"). */
export const PLACE_HEADS: ReadonlySet<string> = new Set(
  (
    "city town village hamlet kingdom realm empire castle tower fortress keep palace temple abbey " +
    "monastery forest woods wood jungle swamp marsh desert mountain mountains peak valley hills " +
    "river lake sea ocean bay harbour harbor port island isles coast shore beach cliffs cave " +
    "caves mine mines ruins station ship starship spaceship colony planet moon asteroid outpost " +
    "base lab laboratory library school academy university college museum hospital hotel inn " +
    "tavern cafe café bakery shop market bazaar street avenue alley district quarter house " +
    "mansion manor cottage cabin farm garden orchard lighthouse attic cellar basement office " +
    "theatre theater circus carnival train station estate observatory bridge tundra glacier " +
    "canyon meadow prairie wasteland underworld archipelago valleyside citadel"
  ).split(" "),
);

/** Words for people and creatures; "a lonely robot" is a role the story will give a name. */
export const ROLE_NOUNS: ReadonlySet<string> = new Set(
  (
    "girl boy woman man child kid teenager detective inspector knight princess prince queen king " +
    "witch wizard mage sorcerer sorceress robot android captain pilot scientist doctor nurse " +
    "dragon cat dog fox wolf owl bear mouse rabbit horse student teacher farmer sailor thief " +
    "baker cartographer explorer soldier hunter healer merchant orphan musician painter artist " +
    "writer poet librarian inventor engineer astronaut alien ghost spirit vampire monster " +
    "brother sister mother father grandmother grandfather daughter son friend stranger traveller " +
    "traveler widow widower twins chef cook pirate smuggler mercenary apprentice gardener " +
    "archaeologist journalist reporter clockmaker blacksmith bard ranger courier mechanic hacker " +
    "beekeeper fisherman fisherwoman shepherd miner duke duchess lord lady heir heiress assassin " +
    "keeper warlord villain sorcerer tyrant officer guard guardian sheriff mayor priest " +
    "nun monk professor spy agent gambler detective"
  ).split(" "),
);

/** Capitalised words that start sentences rather than name anyone. */
export const CAPITALISED_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "the a an and but or so then when while after before as if because until once one every " +
    "this that these those there here her his their our my your its it he she they we you i " +
    "in on at to of for from with without by into over under through during suddenly meanwhile " +
    "now later soon years days nobody someone everyone everything something nothing all some " +
    "no yes write tell story tale imagine what who where why how chapter part finally eventually " +
    "together also only even still just long far deep high somewhere everywhere alone little " +
    "young old new many few each both another despite although though since whenever unless " +
    "against along upon among between behind below around beyond near desperate determined " +
    "two three four five six seven eight nine ten twelve hundred thousand"
  ).split(" "),
);

/** Function words and common verbs: an object phrase ends before one of these. */
export const PHRASE_BREAKERS: ReadonlySet<string> = new Set(
  (
    "a an the and but or nor so yet to of in on at by for from with into onto over under " +
    "through about after before during until while when where who whom whose which that than " +
    "as if because is are was were be been being am has have had do does did will would can " +
    "could shall should may might must not no he she it they we you i him her them us me his " +
    "their its our my your this these those there here then also just only very too finds find " +
    "found takes take took makes make made gets get got goes go went comes come came sees see " +
    "saw learns learn learned learnt meets meet met wants want needs need tries try tried " +
    "discovers discover discovered begins begin began becomes become became leaves leave left " +
    "loses lose lost knows know knew tells tell told says say said gives give gave keeps keep " +
    "kept brings bring brought falls fall fell runs run ran must drawn hidden written stolen " +
    "given taken broken forgotten called named known buried frozen chosen sent held aboard " +
    "inside outside near beyond behind across toward towards around along among upon without " +
    "within beneath below above between against"
  ).split(" "),
);

/** Nouns too vague to be the object a story turns on ("in the end", "the same"). */
export const VAGUE_NOUNS: ReadonlySet<string> = new Set(
  (
    "end beginning middle start way time times day days night nights morning evening afternoon " +
    "moment moments same only first last other next whole rest one two three most best worst " +
    "story tale chapter world life lives thing things something nothing everything side part " +
    "lot kind sort help chance truth year years week weeks past future process fact order reason " +
    "problem idea plan home crew others ones people everyone everybody all both each " +
    "rest way secret"
  ).split(" "),
);

/** Cues that a named character is the story's opponent. */
export const RIVAL_CUES: ReadonlySet<string> = new Set(
  (
    "villain villainous evil wicked enemy nemesis rival tyrant tyrannical cruel dark traitor " +
    "antagonist usurper warlord sinister corrupt stop stops defeat defeats outwit outwits " +
    "escape escapes confront confronts against foil foils thwart thwarts"
  ).split(" "),
);

/** Lower-case words that may sit inside a name ("Kingdom of Ash", "Anne de Vries"). */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set([
  "of",
  "the",
  "de",
  "von",
  "van",
  "du",
  "la",
  "le",
]);

/** Words before a place that say the story is headed there ("to the Glass City"). */
export const DESTINATION_WORDS: ReadonlySet<string> = new Set([
  "to",
  "into",
  "toward",
  "towards",
  "reach",
  "reaches",
  "visit",
  "visits",
]);
