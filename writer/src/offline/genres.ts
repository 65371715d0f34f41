import type { NastinessLevel } from "@storyloom/common";

// Genre flavour for the offline writer: names, places, things and sentences that make a fantasy
// read like a fantasy and a mystery like a mystery. Everything here must suit every nastiness
// level, because the darker words live only in the tone pools (words/tones.ts): a light horror
// story is a cosy ghost story, and its genre lines may not undo that.
//
// Template slots: {hero} {ally} {rival} (and {heroPoss} {allyPoss} {rivalPoss}), {home} where the
// story starts, {there} where it is headed, {here} where the chapter happens, {object} the thing
// that matters. `[a|b]` is a choice made by the seeded generator.

export type GenreId =
  "fantasy" | "scifi" | "mystery" | "horror" | "romance" | "adventure" | "comedy";

export interface GenreMaterial {
  id: GenreId;
  /** "a gentle fantasy tale": the noun of the plan's description. */
  noun: string;
  /** "a gentle romantic fantasy tale": used when this is the second genre of a blend. */
  adjective: string;
  /** Tag or outline words that select this genre. */
  cues: readonly string[];
  heroNames: readonly string[];
  allyNames: readonly string[];
  rivals: Readonly<Record<NastinessLevel, readonly string[]>>;
  homes: readonly string[];
  destinations: readonly string[];
  /** Where a journey chapter happens, between {home} and {there}. */
  waypoints: readonly string[];
  objects: readonly string[];
  /** Nouns for chapter titles ("The Lantern at …"). */
  titleWords: readonly string[];
  /** Descriptions of {here}. */
  settingLines: readonly string[];
  /** Things that happen only in this kind of story. */
  flavourLines: readonly string[];
  dialogueLines: readonly string[];
}

const FANTASY: GenreMaterial = {
  id: "fantasy",
  noun: "fantasy tale",
  adjective: "magical",
  cues: [
    "fantasy",
    "magic",
    "magical",
    "dragon",
    "dragons",
    "wizard",
    "wizards",
    "witch",
    "witches",
    "sorcery",
    "fairy",
    "fairytale",
    "fae",
    "elf",
    "elves",
    "myth",
    "mythology",
    "epic",
    "sword",
    "kingdom",
    "enchanted",
    "spell",
  ],
  heroNames: ["Wren", "Elowen", "Tamsin", "Bryn", "Corin", "Isolde", "Rowan", "Fenna", "Perrin"],
  allyNames: ["Hollis", "Briar", "Sefa", "Garrick", "Linnet", "Osric", "Yara", "Merrow", "Ilsa"],
  rivals: {
    light: [
      "the Grumbling Wind",
      "old Mother Gorse",
      "the proud Duke of Thistlewick",
      "the Fog Warden",
    ],
    medium: [
      "the Iron Duke",
      "the witch of the Hollow Fen",
      "Captain Varro of the Grey Guard",
      "the Thorn Queen",
    ],
    heavy: ["the Hollow King", "the Ashen Queen", "the Pale Warden", "the sorcerer Morvane"],
  },
  homes: [
    "the village of Ashmere",
    "Thistlewick",
    "the river town of Lowmarch",
    "the hill village of Eddon",
    "the market town of Fennick",
  ],
  destinations: [
    "the Tower of Ninefold Stars",
    "the Silverpine Forest",
    "the high pass of Caer Lune",
    "the Glass Marshes",
    "the old keep at Harrowmere",
  ],
  waypoints: [
    "the crossroads inn",
    "the ferry town at the river crossing",
    "the last village before {there}",
  ],
  objects: [
    "the moonstone key",
    "the silver-inked map",
    "the last dragon egg",
    "the crown of river reeds",
    "the singing compass",
  ],
  titleWords: [
    "Lantern",
    "Crown",
    "Oath",
    "Spell",
    "Key",
    "Tower",
    "Feather",
    "Star",
    "Gate",
    "Song",
  ],
  settingLines: [
    "Smoke from the chimneys of {here} curled into a sky the colour of [pewter|old pearls|faded lavender].",
    "In {here}, the old stones hummed faintly whenever someone told a lie, which was why people spoke carefully there.",
    "Moss grew thick on every wall of {here}, and the wells were said to remember the names of everyone who drank from them.",
    "Bells rang somewhere across {here}, slow and round, the way they rang only for [weddings|market days|the turning of the season].",
    "The lanterns of {here} burned a steady blue, fed by the small tame magic the hedge-witches sold by the jar.",
    "Ravens watched from the rooftops of {here} with the patient interest of creatures who had seen many stories begin.",
    "Wild thyme grew between the cobbles of {here}, and the air tasted of rain that had not yet fallen.",
    "The road through {here} was older than the kingdom, and it still remembered every traveller who had used it.",
    "Mist lay in the hollows around {here} like sleeping animals, soft and grey and perfectly still.",
    "Every door in {here} had a sprig of rowan nailed above it, for luck and for older reasons nobody spoke aloud.",
  ],
  flavourLines: [
    "{hero} traced the old runes with one finger and felt them warm, the way a hearth warms when someone beloved comes home.",
    "{ally} muttered a charm, and the candle flames leaned politely aside to let them pass.",
    "The spell {hero} had practised for weeks finally worked, though it turned the kettle a startling shade of green.",
    "An owl landed on the fence post, blinked twice, and seemed to expect {hero} to say something wise.",
    "{object} glowed faintly whenever it was carried toward {there}, as if it knew the way better than any map.",
    "Old songs spoke of {rival}, and {hero} found that the songs had left out the most important parts.",
    "Magic in this country was a quiet, practical thing, used for mending nets and finding lost goats, until suddenly it was not.",
    "{ally} knew the names of every star and spoke them softly, the way other people say a blessing.",
    "The map changed while they slept, redrawing its rivers, and {hero} decided not to take it personally.",
    "Far off, a dragon's shadow crossed the moon, enormous and unhurried, and was gone.",
  ],
  dialogueLines: [
    '"Magic always asks for something back," {ally} said. "The trick is knowing what you can spare."',
    '"The songs never mention how cold it is on a quest," {hero} grumbled.',
    '"If the map is right, {there} is three days away," {ally} said. "If it is wrong, we will find out."',
  ],
};

const SCIFI: GenreMaterial = {
  id: "scifi",
  noun: "science-fiction story",
  adjective: "far-future",
  cues: [
    "sci-fi",
    "scifi",
    "science fiction",
    "sf",
    "space",
    "spaceship",
    "starship",
    "robot",
    "robots",
    "android",
    "cyberpunk",
    "future",
    "futuristic",
    "dystopia",
    "dystopian",
    "alien",
    "aliens",
    "ai",
    "time travel",
    "planet",
    "mars",
    "galaxy",
    "space opera",
  ],
  heroNames: ["Juno", "Kaito", "Vesna", "Ravi", "Lio", "Sable", "Mireille", "Orin", "Tamar"],
  allyNames: ["Dex", "Nadia", "Ezra", "Kit", "Zuri", "Anselm", "Pell", "Noor", "Quill"],
  rivals: {
    light: ["the station computer WARDEN", "Administrator Pell-Ostrova", "the Efficiency Board"],
    medium: ["Director Kess", "the Syndicate", "the corporate fixer Hale Vantor"],
    heavy: ["the Directorate", "the machine intelligence called Null", "Overseer Crane"],
  },
  homes: [
    "Meridian Station",
    "the orbital city of Halcyon",
    "New Kestrel on Mars",
    "the mining colony on Tethys",
    "the generation ship Long Patience",
  ],
  destinations: [
    "the derelict ship Perihelion",
    "the far side of the moon",
    "the Archive Core",
    "the quiet zone beyond the Belt",
    "the research outpost on Europa",
  ],
  waypoints: [
    "the transit ring",
    "the refuelling depot at Lagrange Four",
    "the cargo hauler bound for {there}",
  ],
  objects: [
    "the data shard",
    "the quantum key",
    "the old navigation core",
    "the seed-vault codes",
    "the prototype drive",
  ],
  titleWords: [
    "Signal",
    "Orbit",
    "Protocol",
    "Core",
    "Horizon",
    "Static",
    "Drift",
    "Beacon",
    "Code",
  ],
  settingLines: [
    "Through the long windows of {here}, the stars turned slowly, patient as a clock with no hands.",
    "The air in {here} smelled of ozone and recycled rain, and the lights dimmed every evening to imitate a sunset nobody remembered.",
    "Maintenance drones drifted along the ceilings of {here}, humming to one another in a language of clicks.",
    "In {here}, every door asked politely for your name, and remembered it for exactly as long as it had to.",
    "Gardens grew in spirals along the inner walls of {here}, bright green under lamps that never quite matched real daylight.",
    "The corridors of {here} curved gently out of sight, so that no one could ever see very far ahead.",
    "Somewhere deep in {here} the reactors kept their steady pulse, a heartbeat you stopped hearing after the first week.",
    "News scrolled across every wall of {here}, most of it about shipping schedules and none of it about what really mattered.",
    "Beyond the hull of {here} lay nothing at all for a very long way, and everyone living there had learned not to think about it.",
    "Children in {here} learned to read from star charts before they learned the names of colours.",
  ],
  flavourLines: [
    "{hero} ran the numbers a third time, and the numbers came back the same, which was the problem.",
    "{ally} patched into an old terminal and coaxed it awake with the tenderness of someone waking a sleeping animal.",
    "A message arrived on a frequency nobody had used in forty years, and it was addressed to {hero} by name.",
    "The ship's voice said, very calmly, that it would prefer not to open that door, and then opened it anyway.",
    "{object} pulsed with a faint blue light whenever it came near anything built before the Collapse.",
    "Gravity flickered for half a second, long enough for every loose object to lift gently and settle again.",
    "{ally} ran a scan of {there} and frowned at the results, then ran it again and frowned harder.",
    "Nobody had ever mapped {there} properly; the charts simply stopped at its edge, as if embarrassed.",
    "Outside the viewport a comet trailed past, silver and silent, and for a moment nobody said anything.",
    "{hero} had grown up with machines that listened, and had learned to be careful about what they overheard.",
  ],
  dialogueLines: [
    '"Systems are green," {ally} said. "Which usually means I have missed something."',
    '"How long until we reach {there}?" {hero} asked. "Nine hours," said {ally}, "if physics cooperates."',
    '"Do not touch anything that blinks," {ally} said. {hero} was already touching something that blinked.',
  ],
};

const MYSTERY: GenreMaterial = {
  id: "mystery",
  noun: "mystery",
  adjective: "puzzling",
  cues: [
    "mystery",
    "mysteries",
    "detective",
    "crime",
    "noir",
    "thriller",
    "whodunit",
    "whodunnit",
    "heist",
    "investigation",
    "sleuth",
    "clue",
    "clues",
    "murder",
    "suspense",
    "cozy mystery",
  ],
  heroNames: [
    "Ada Marsh",
    "Theo Lark",
    "Iris Bell",
    "Felix Crane",
    "Nora Vale",
    "Jonah Pike",
    "Greta Holm",
  ],
  allyNames: ["Sam", "Constance", "Miles", "Bea", "Arthur", "Priya", "Otto", "Lena"],
  rivals: {
    light: [
      "the unflappable Mr Crane",
      "the ever-certain Inspector Dunmore",
      "the Mayor's secretary",
    ],
    medium: ["the man in the grey coat", "Silas Crane", "the Kessler family"],
    heavy: ["the Collector", "the killer they called the Florist", "Judge Harrow"],
  },
  homes: [
    "the town of Fogmouth",
    "Larchester",
    "the seaside town of Saltby",
    "Kingsbridge",
    "Pemberton Lane",
  ],
  destinations: [
    "the Hallam Hotel",
    "the old observatory on Pike Hill",
    "the shuttered theatre on Quay Street",
    "Greyhaven Manor",
    "the night train to the coast",
  ],
  waypoints: ["the station hotel", "the night train", "the roadside café on the coast road"],
  objects: [
    "the torn train ticket",
    "the missing ledger",
    "the second key",
    "the unsigned letter",
    "the pearl cufflink",
  ],
  titleWords: ["Clue", "Ledger", "Alibi", "Letter", "Witness", "Key", "Stranger", "Secret", "Lie"],
  settingLines: [
    "Fog came in off the water and settled over {here}, turning the streetlamps into soft yellow smudges.",
    "In {here}, everyone knew everyone's business, which made it strange that nobody seemed to know anything now.",
    "The clock above the square in {here} ran four minutes slow, and had done so for as long as anyone could remember.",
    "Rain ticked against the windows of {here}, steady and unhurried, like someone patiently waiting to be let in.",
    "The shops of {here} closed early, and after dark the only light came from the pub and the police house.",
    "Gulls argued on the rooftops of {here}, and below them the streets were wet and empty and full of echoes.",
    "Every curtain in {here} twitched when a stranger walked by, and today there were a great many strangers.",
    "The library in {here} kept the town's old newspapers in the basement, and nobody had asked for them in years.",
    "A cold wind went through {here} like a question nobody wanted to answer.",
    "In the tea rooms of {here}, conversations stopped whenever the door opened, and started again a little too loudly.",
  ],
  flavourLines: [
    "{hero} made a list of everyone who had lied so far, and then, more usefully, a list of how they had lied.",
    "The timetable did not add up: someone had been in two places at once, or someone was not telling the truth.",
    "{ally} found a smear of blue paint on the window latch, and {hero} wrote it down as if it were a confession.",
    "Three witnesses described the same coat in three different colours, and {hero} began to smile.",
    "{object} was the kind of clue that answers one question and asks four more.",
    "{hero} pinned the photographs to the wall and drew lines between them until the lines began to make a shape.",
    "The housekeeper said she had heard nothing, in the careful voice of someone who had heard everything.",
    "There was a name missing from the guest book, and a page that had been cut out with great care.",
    "{ally} pretended to read the newspaper while watching the door, which fooled nobody but the door.",
    "Someone had cleaned the room very thoroughly, and that, {hero} thought, was the most interesting thing about it.",
  ],
  dialogueLines: [
    '"Everyone here is hiding something," {hero} said. "The question is whether it is the same thing."',
    '"Coincidence," {ally} said. "Possibly," said {hero}, in a voice that meant no.',
    '"Let us go over it again," {hero} said, "from the moment the lights went out."',
  ],
};

const HORROR: GenreMaterial = {
  id: "horror",
  noun: "ghost story",
  adjective: "eerie",
  cues: [
    "horror",
    "ghost",
    "ghosts",
    "haunted",
    "haunting",
    "gothic",
    "creepy",
    "spooky",
    "supernatural",
    "monster",
    "monsters",
    "vampire",
    "vampires",
    "zombie",
    "zombies",
    "halloween",
    "paranormal",
    "occult",
  ],
  heroNames: ["Agnes", "Silas", "Maud", "Edwin", "Clara", "Ambrose", "Hester", "Lucan"],
  allyNames: ["Teddy", "Winifred", "Cormac", "Opal", "Barnaby", "June", "Ned", "Rosalind"],
  rivals: {
    light: [
      "the lonely ghost of the east wing",
      "the Grey Lady of the stairs",
      "the whispering scarecrow",
    ],
    medium: ["the thing in the cellar", "the Widow Marsh", "the shape behind the glass"],
    heavy: ["the Pale Man", "the Hollow Tenant", "the drowned choir"],
  },
  homes: [
    "the town of Hollow Creek",
    "the village of Wickhollow",
    "Ravensworth",
    "Little Ashby",
    "Marrow End",
  ],
  destinations: [
    "the old Ashby house",
    "the chapel on the hill",
    "the lighthouse at Gull Point",
    "the shuttered sanatorium",
    "the flooded mill",
  ],
  waypoints: [
    "the coaching inn on the moor",
    "the long road through the marsh",
    "the empty halt on the branch line",
  ],
  objects: [
    "the silver locket",
    "the old diary",
    "the music box",
    "the brass key with no lock",
    "the cracked mirror",
  ],
  titleWords: [
    "Whisper",
    "Mirror",
    "Candle",
    "Door",
    "Stair",
    "Lullaby",
    "Portrait",
    "Bell",
    "Window",
  ],
  settingLines: [
    "The house made small noises at night, the kind that sounded almost, but not quite, like footsteps.",
    "Frost flowered on the inside of the windows of {here}, though the fire had burned all evening.",
    "The portraits in the hall of {here} seemed to follow everyone who passed, and some of them seemed sad about it.",
    "Candles in {here} guttered whenever a certain door was opened, though no draught could ever be felt.",
    "Ivy had swallowed half of {here}, and in the wind it rustled like a crowd of people murmuring.",
    "Somewhere in {here} a clock had stopped at a quarter past three, and nobody had ever set it going again.",
    "The fog around {here} never quite lifted, even at noon, and the church bell sounded muffled in it.",
    "The stairs of {here} creaked in a pattern, and after a while {hero} could almost count the steps of someone unseen.",
    "Moths gathered at the windows of {here} every night, pressing softly at the glass.",
    "The well behind {here} was covered with an old board, and people stepped around it without thinking.",
  ],
  flavourLines: [
    "A lullaby drifted from an empty room, a few bars only, and then nothing.",
    "{hero} found handprints on the inside of the misted glass, small ones, as if a child had been looking out.",
    "The dog would not go past the door at the end of the corridor, no matter how kindly it was asked.",
    "{object} was cold to the touch, always, even after {hero} had held it for an hour.",
    "Every photograph of {there} showed the same blurred figure at the same upstairs window.",
    "{ally} set out salt along the doorway, laughing at it, and did not laugh when the line was found scattered in the morning.",
    "The radio crackled, and for a moment a voice came through, asking very politely to be let in.",
    "The old parish records mentioned {rival} three times, each time in a different hand and each time underlined.",
    "A door that had been closed was open, and a door that had been open was closed, and no one owned up to either.",
    "{hero} woke at the same minute every night and lay listening to a silence that seemed to be listening back.",
  ],
  dialogueLines: [
    '"Did you hear that?" {ally} whispered. "No," said {hero}, which was not quite true.',
    '"Houses remember," the old caretaker said. "This one remembers more than most."',
    '"We leave before dark," {hero} said. They both looked at the window. It was already nearly dark.',
  ],
};

const ROMANCE: GenreMaterial = {
  id: "romance",
  noun: "love story",
  adjective: "romantic",
  cues: [
    "romance",
    "romantic",
    "love",
    "love story",
    "romcom",
    "rom-com",
    "wedding",
    "dating",
    "lovers",
    "enemies to lovers",
    "second chance",
    "valentine",
  ],
  heroNames: ["Juliet", "Eli", "Rosa", "Callum", "Margot", "Luca", "Hazel", "Noah"],
  allyNames: ["Sebastian", "Amara", "Finn", "Celeste", "Gabriel", "Ines", "Jasper", "Marisol"],
  rivals: {
    light: [
      "the meddling Aunt Rosalind",
      "the gossiping Mrs Pennywhistle",
      "the ever-charming Julian Vane",
    ],
    medium: ["Julian Vane", "the developer Marcus Hale", "Lady Ashcombe"],
    heavy: ["Marcus Hale", "the Ashcombe family", "Victor Lorne"],
  },
  homes: [
    "the harbour town of Port Ellery",
    "a little street in Lisbon",
    "the village of Bramblecombe",
    "the old quarter of Avignon",
    "Rosemary Lane",
  ],
  destinations: [
    "the summer festival by the sea",
    "the vineyard on the hill",
    "the lighthouse café",
    "the midnight ball at Ashcombe Hall",
    "the bookshop on the corner",
  ],
  waypoints: [
    "the little harbour on the way",
    "the night ferry",
    "the village fête halfway to {there}",
  ],
  objects: [
    "the unsent letter",
    "the pressed flower",
    "the borrowed umbrella",
    "the old photograph",
    "the half-finished painting",
  ],
  titleWords: [
    "Letter",
    "Dance",
    "Promise",
    "Summer",
    "Heart",
    "Umbrella",
    "Season",
    "Song",
    "Garden",
  ],
  settingLines: [
    "Evening light spilled gold across {here}, catching in the windows and the tops of the waves.",
    "The cafés of {here} put their chairs out early, and by afternoon every one of them was full of people pretending not to look at each other.",
    "Jasmine grew over the walls of {here}, and its scent followed you home like a secret.",
    "In {here}, someone was always practising the piano with the window open, and always the same sweet, difficult piece.",
    "Strings of little lights hung between the houses of {here}, swaying whenever the sea breeze remembered them.",
    "The market in {here} sold peaches, old books and flowers, and on good days all three smelled the same.",
    "Rain came suddenly over {here}, the warm kind that makes strangers share doorways.",
    "The bridge in {here} was covered with padlocks, each with two sets of initials and a story nobody else knew.",
  ],
  flavourLines: [
    "{ally} smiled, and whatever clever thing had been on the tip of {heroPoss} tongue was lost entirely.",
    "Their hands brushed reaching for the same book, and both of them apologised far too many times.",
    "{hero} rehearsed a whole speech on the way over and abandoned every word of it at the door.",
    "{ally} remembered exactly how {hero} took coffee, which was a small thing that did not feel small.",
    "They talked until the café closed around them, chairs stacked on tables, the owner sighing meaningfully.",
    "{hero} had promised never to fall for anyone from {there}, which in hindsight had been optimistic.",
    "A song came on that they both knew, and neither of them admitted it, and both of them hummed along.",
    "{ally} laughed at {heroPoss} terrible joke, and meant it, and that was when {hero} knew there was trouble.",
    "There was a moment on the steps when one of them could have said something, and neither did.",
    "{object} had been kept in a drawer for years, and holding it now made {heroPoss} heart do something complicated.",
  ],
  dialogueLines: [
    '"You are impossible," {hero} said. "You keep saying that," said {ally}, "like it is a bad thing."',
    '"Stay," {ally} said, and then, more quietly, "if you want to."',
    '"I did not come back for the view," {hero} said, and did not look at the view at all.',
  ],
};

const ADVENTURE: GenreMaterial = {
  id: "adventure",
  noun: "adventure",
  adjective: "swashbuckling",
  cues: [
    "adventure",
    "adventures",
    "quest",
    "pirate",
    "pirates",
    "journey",
    "exploration",
    "explorer",
    "treasure",
    "action",
    "survival",
    "expedition",
    "voyage",
    "jungle",
    "sea",
    "ocean",
  ],
  heroNames: ["Kestrel", "Nell", "Marco", "Ines", "Tobias", "Anya", "Cass", "Dario", "Maren"],
  allyNames: ["Pip", "Rafa", "Oona", "Bram", "Lettie", "Sol", "Hugo", "Tilly", "Amos"],
  rivals: {
    light: [
      "the rival explorer Barnaby Quill",
      "the harbour-master's stern sister",
      "Professor Grindle",
    ],
    medium: ["Captain Varga", "the smuggler Rook", "the collector Auguste Morrow"],
    heavy: [
      "the raider captain Black Harrow",
      "the warlord Sekh",
      "Captain Morrow of the Red Sails",
    ],
  },
  homes: [
    "the harbour town of Saltmere",
    "Port Ilian",
    "the fishing village of Kellow Cove",
    "the river port of Dunmarrow",
    "the mountain town of Highcastle",
  ],
  destinations: [
    "the Isle of Whispers",
    "the Sunken Steps",
    "the lost city of Ammaru",
    "the Cloudspire peaks",
    "the Emerald Delta",
  ],
  waypoints: [
    "the trading post at the river mouth",
    "the deck of the Gull",
    "the high camp below the pass",
  ],
  objects: [
    "the brass compass",
    "the captain's logbook",
    "the torn treasure map",
    "the sun medallion",
    "the old sea chart",
  ],
  titleWords: ["Compass", "Map", "Tide", "Storm", "Summit", "Harbour", "Voyage", "Trail", "Island"],
  settingLines: [
    "The harbour of {here} smelled of tar and salt and frying fish, and the gulls wheeled over it all day long.",
    "Beyond {here} the land rose in green folds toward mountains that wore their snow all year.",
    "Ships of every size crowded the quays of {here}, their flags snapping like impatient hands.",
    "In {here}, the wind never quite stopped, and everyone spoke a little louder than they needed to.",
    "The market of {here} sold rope, spices and rumours, and the rumours were by far the cheapest.",
    "Palms leaned over the water at {here}, and the sea beneath them was so clear that fish seemed to float in the air.",
    "A long, dusty road ran out of {here} toward the horizon, straight as a promise.",
    "The sky over {here} was enormous, and the clouds moved across it like slow ships.",
    "Old maps of {here} were pinned up in every tavern, each with a different coastline and a different legend.",
    "Waves broke white on the rocks below {here}, patient as they had been for ten thousand years.",
  ],
  flavourLines: [
    "{hero} unfolded the map on a barrel head and weighted its corners with whatever came to hand.",
    "{ally} climbed the rigging to look out, shading both eyes, and shouted down that there was land.",
    "The rope bridge swayed under them, and {hero} decided, firmly, not to look down again.",
    "They found an old campfire ring and the remains of someone else's supper, still warm.",
    "{object} pointed stubbornly toward {there}, no matter which way they turned it.",
    "A storm came up out of nowhere, and for an hour the whole world was wind and spray.",
    "{ally} read the stars like other people read signposts and set a course without a word.",
    "The jungle swallowed the path behind them almost as soon as they had cut it.",
    "{hero} tied a knot that an old sailor had once taught, and it held, which felt like a small victory.",
    "At the top of the ridge the whole country opened out below them, blue and green and gold.",
  ],
  dialogueLines: [
    '"Every good map has one lie on it," {ally} said. "The trick is finding which one."',
    '"Left or right?" {hero} asked. "Up," said {ally}, pointing at the cliff.',
    '"When we get back," {hero} said, "nobody is going to believe a word of this."',
  ],
};

const COMEDY: GenreMaterial = {
  id: "comedy",
  noun: "comedy",
  adjective: "comic",
  cues: [
    "comedy",
    "comic",
    "humor",
    "humour",
    "funny",
    "satire",
    "parody",
    "whimsical",
    "silly",
    "absurd",
    "slapstick",
    "romcom",
    "rom-com",
    "farce",
  ],
  heroNames: ["Dennis", "Mabel", "Percy", "Gwendolyn", "Horace", "Trudy", "Clive", "Beatrix"],
  allyNames: ["Norman", "Edna", "Wilfred", "Poppy", "Reginald", "Dot", "Ferdinand", "Myrtle"],
  rivals: {
    light: [
      "Councillor Plimsoll",
      "Mrs Bagshaw of the Flower Committee",
      "the Mayor's prize-winning goose",
    ],
    medium: [
      "the dreadful Baron Fitzwarren",
      "the Ministry inspector, Mr Thrupp",
      "Lady Pennyfeather",
    ],
    heavy: ["the vengeful Baron Fitzwarren", "the Ministry", "Sir Malcolm Gryce"],
  },
  homes: [
    "the village of Much Muddling",
    "Little Puddingham",
    "Lower Snoring",
    "the seaside town of Bumbleby",
    "Upper Wallop",
  ],
  destinations: [
    "the County Show",
    "the Grand Hotel Splendide",
    "the Ministry of Minor Inconveniences",
    "the annual regatta",
    "the Duke's garden party",
  ],
  waypoints: ["the 11:52 bus", "the motorway services", "a lay-by outside Much Dithering"],
  objects: [
    "the prize-winning marrow",
    "the mayor's ceremonial hat",
    "the enchanted teapot",
    "the very important parcel",
    "the borrowed trophy",
  ],
  titleWords: [
    "Teapot",
    "Marrow",
    "Parcel",
    "Trophy",
    "Bicycle",
    "Goose",
    "Hat",
    "Committee",
    "Picnic",
  ],
  settingLines: [
    "{here} had won Best Kept Village three years running, and would not let anyone forget it.",
    "The notice board in {here} listed seventeen committees, four of which were committees about other committees.",
    "In {here}, the church clock struck thirteen on Tuesdays, and the vicar had given up trying to explain why.",
    "Bunting hung from every lamp post in {here}, left over from a festival nobody could quite remember.",
    "The only shop in {here} sold bread, stamps, fishing bait and hats, often in the same paper bag.",
    "Every garden in {here} contained at least one gnome, and several of the gnomes were not on speaking terms.",
    "The pub in {here} had a sign so faded that nobody agreed whether it was called The Red Lion or The Wet Onion.",
    "Sheep wandered freely through {here}, and were generally considered to have the right of way.",
  ],
  flavourLines: [
    "{hero} tripped over a bucket, apologised to it, and then looked around to check that nobody had seen.",
    "{ally} had a plan, and the plan involved a ladder, a cake and, alarmingly, a goat.",
    "The bicycle brakes failed at the top of the hill, which was, on reflection, the worst possible place for them to fail.",
    "{hero} attempted to look casual, which was difficult while holding {object} and a live chicken.",
    "A small misunderstanding about a parcel turned into a large misunderstanding about a wedding.",
    "{ally} swore the disguise was foolproof; the false moustache fell into the soup almost at once.",
    "Things were going well, which in {heroPoss} experience was always the moment to start worrying.",
    "The brass band struck up at exactly the wrong moment, and kept going out of sheer professional pride.",
    "{rival} issued a strongly worded letter, then a second, more strongly worded one, with underlining.",
    "A goose chased {ally} twice around the village green and then, bafflingly, a third time for good measure.",
  ],
  dialogueLines: [
    '"This is not a disaster," {hero} said. "It is a learning experience." The ladder fell over.',
    '"I have a cunning plan," said {ally}. "Oh no," said {hero}.',
    '"Act natural," {hero} hissed. {ally} began whistling, loudly and unnaturally.',
  ],
};

export const GENRES: readonly GenreMaterial[] = [
  FANTASY,
  SCIFI,
  MYSTERY,
  HORROR,
  ROMANCE,
  ADVENTURE,
  COMEDY,
];

/** Adventure fits almost any outline, so it is the flavour when nothing else is asked for. */
export const DEFAULT_GENRE: GenreMaterial = ADVENTURE;

export function genreById(id: GenreId): GenreMaterial {
  return GENRES.find((genre) => genre.id === id) ?? DEFAULT_GENRE;
}

/**
 * Up to two genres: from the tags in the user's order, else the first genre cue the outline
 * mentions, else adventure. Two genres blend (a magical love story); more would be mush.
 */
export function detectGenres(tags: readonly string[], outline: string): GenreMaterial[] {
  const fromTags = unique(tags.flatMap((tag) => genresForPhrase(tag)));
  if (fromTags.length > 0) return fromTags.slice(0, 2);
  const fromOutline = genresForPhrase(outline);
  return [fromOutline[0] ?? DEFAULT_GENRE];
}

/** Genres whose cues occur in the text as whole words ("sci-fi", "science fiction"). */
function genresForPhrase(text: string): GenreMaterial[] {
  const normalised = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}-]+/gu, " ")} `;
  const hits: { genre: GenreMaterial; at: number }[] = [];
  for (const genre of GENRES) {
    const positions = genre.cues
      .map((cue) => normalised.indexOf(` ${cue} `))
      .filter((at) => at >= 0);
    if (positions.length > 0) hits.push({ genre, at: Math.min(...positions) });
  }
  return hits.sort((a, b) => a.at - b.at).map((hit) => hit.genre);
}

function unique(genres: readonly GenreMaterial[]): GenreMaterial[] {
  return genres.filter((genre, i) => genres.indexOf(genre) === i);
}
