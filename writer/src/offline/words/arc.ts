import type { DesiredLength } from "@storyloom/common";

// The story arc: setup, complication, turning point, climax, resolution, stretched or folded to
// the chapter count of the desired length. Each beat brings its own chapter titles, plan summary,
// opening and closing lines and the plot sentences ("key lines") that move the story along, so a
// chapter reads as the part of the arc it is, whatever genre dresses it.
//
// Lines here are genre- and tone-neutral; danger comes from the tone pools. Slots as in
// genres.ts, plus {heroIntro} (the full name with the outline's epithet, for the first
// mention), {time}, and {titleWord} (a genre noun for titles).

export type BeatId =
  "setup" | "journey" | "rising" | "turn" | "low" | "regroup" | "climax" | "resolution" | "finale";

/** Chapter counts follow the length: short 3, medium 5, long 8. */
export const ARCS: Readonly<Record<DesiredLength, readonly BeatId[]>> = {
  short: ["setup", "turn", "finale"],
  medium: ["setup", "rising", "turn", "climax", "resolution"],
  long: ["setup", "journey", "rising", "turn", "low", "regroup", "climax", "resolution"],
};

export type ToneSlot = "tension" | "low" | "climax" | "aftermath";

export interface BeatMaterial {
  /** Relative share of the word budget. */
  weight: number;
  /** Where the chapter happens: at home, on the way, or at the destination. */
  location: "home" | "road" | "there";
  titles: readonly string[];
  summaries: readonly string[];
  openings: readonly string[];
  keyLines: readonly string[];
  closings: readonly string[];
  /** How a later chapter remembers this one ("after {memory}, nothing felt the same"). */
  memories: readonly string[];
  /** The tone pools that supply this beat's required dose of tone. */
  toneLines: readonly ToneSlot[];
}

const SETUP: BeatMaterial = {
  weight: 1,
  location: "home",
  titles: [
    "Morning in {home}",
    "The {titleWord} of {home}",
    "An Ordinary Day",
    "The First {titleWord}",
    "Where It Began",
    "{hero} of {home}",
  ],
  summaries: [
    "We meet {hero} in {home}, where an ordinary day is about to end.",
    "Life in {home} is quiet until {object} draws {hero} into something larger.",
    "{hero} and {ally} meet, and the first hint of trouble reaches {home}.",
  ],
  openings: [
    "{time}, {home} was [just waking|already busy|unusually quiet], and {heroIntro} was the only one who noticed that something had changed.",
    "That [spring|autumn|winter|summer], {heroIntro} did not expect anything remarkable to happen in {home}.",
    "{heroIntro} had always believed that {home} was the kind of place where nothing much ever happened.",
    "{time}, {heroIntro} was going about an ordinary day in {home}, with no idea that it would be the last one for a long while.",
  ],
  keyLines: [
    "It started with {object}, [found|delivered|left] where it had no business being and wanted by people {hero} had never met.",
    "{ally} arrived in {home} [that same afternoon|the following morning|on the evening coach], carrying news that nobody wanted to hear.",
    "Somewhere beyond {home}, {rival} had begun to stir, and the first [whispers|rumours|letters] of it reached even these quiet streets.",
    "{hero} turned {object} over in both hands and knew, the way you know weather is turning, that life was about to change.",
    "By nightfall {hero} had made a decision: if the answer lay in {there}, then {there} was where {hero} would go.",
  ],
  closings: [
    "That night, for the first time in years, {hero} could not sleep.",
    "Tomorrow, {hero} decided, would be the start of something.",
    "And in the morning, {hero} packed a bag.",
  ],
  memories: [
    "the strange day in {home}",
    "what had happened in {home}",
    "that first evening in {home}",
  ],
  toneLines: [],
};

const JOURNEY: BeatMaterial = {
  weight: 1,
  location: "road",
  titles: ["The Road to {there}", "Leaving {home}", "Across the Wide Country", "Fellow Travellers"],
  summaries: [
    "{hero} leaves {home} and sets out for {there}, with {ally} for company.",
    "The road to {there} tests {hero} and {ally} in small ways and large.",
  ],
  openings: [
    "They left {home} [at first light|before dawn|in a thin grey drizzle], {hero} and {ally}, with more questions than supplies.",
    "The road out of {home} climbed and turned, and by midday {home} was only a smudge behind them.",
    "Travelling, {hero} discovered, was mostly waiting, walking and being hungry at inconvenient times.",
  ],
  keyLines: [
    "Every mile away from {home} made {object} feel heavier, as if it knew how far it still had to go.",
    "{ally} told stories to pass the time, and only half of them were true, which {hero} suspected was the point.",
    "They slept under [hedges|bridges|borrowed roofs|the open sky] and learned each other's habits: who snored, who woke early, who hoarded the last of the bread.",
    "At a crossroads they met a traveller who had been to {there} and would only say that it had changed.",
  ],
  closings: [
    "Ahead, the first lights of {there} pricked the dark.",
    "Behind them, something followed at a careful distance.",
    "By the end of the week, {there} was in sight.",
  ],
  memories: ["the long road from {home}", "the days on the road", "the crossroads"],
  toneLines: [],
};

const RISING: BeatMaterial = {
  weight: 1,
  location: "there",
  titles: [
    "The First Warning",
    "Strangers in {there}",
    "What {ally} Saw",
    "A {titleWord} Too Many",
    "Complications",
    "Closer Than They Thought",
  ],
  summaries: [
    "Complications pile up as {rival} [takes notice|moves closer], and {hero} learns how much is at stake.",
    "The plan goes wrong in {there}, and {hero} must improvise.",
    "{ally} and {hero} disagree about what to do next, while {rival} gains ground.",
  ],
  openings: [
    "Trouble, when it came, did not announce itself.",
    "By the time they reached {there}, the rumours had grown larger than the facts.",
    "The first days in {there} went almost too smoothly.",
    "Nothing in {there} was quite where the stories had said it would be.",
  ],
  keyLines: [
    "{rival} was closer than they had thought; the signs were everywhere once {hero} knew how to look.",
    "The plan had seemed simple in {home}. In {there} it came apart like wet paper.",
    "{ally} wanted to turn back and {hero} wanted to press on, and for an hour neither of them spoke at all.",
    "A door that should have been locked stood open, and a message meant for {rival} lay on the floor beyond it.",
    "Someone in {there} knew far more about {object} than they were willing to say.",
  ],
  closings: [
    "And somewhere in {there}, {rival} was already waiting.",
    "Neither of them said what both of them were thinking.",
    "It was, {hero} thought, going to get worse before it got better.",
  ],
  memories: ["the trouble in {there}", "the first warning", "the message meant for {rival}"],
  toneLines: ["tension"],
};

const TURN: BeatMaterial = {
  weight: 1,
  location: "there",
  titles: [
    "What the {titleWord} Knew",
    "The Truth about {object}",
    "{allyPoss} Secret",
    "The Hidden Door",
    "A Change of Plan",
  ],
  summaries: [
    "A discovery about {object} changes everything {hero} believed.",
    "{ally} reveals a secret, and the story turns on it.",
    "In {there}, {hero} finds the piece of the puzzle that makes sense of the rest.",
  ],
  openings: [
    "It was {ally} who noticed it first.",
    "Afterwards, {hero} would remember exactly where the three of them had been standing: {hero}, {ally}, and the truth.",
    "The answer had been in plain sight all along, which was the most annoying thing about it.",
    "Everything changed on an afternoon that began like any other.",
  ],
  keyLines: [
    "The truth about {object} was not what anyone had told them: it had never been a prize at all, but a promise.",
    "{ally} finally said what had gone unsaid since {home}, and {hero} understood that everything had to be seen again from the beginning.",
    "In a hidden room in {there}, {hero} found the piece of the puzzle that made the rest of it make sense.",
    "What {rival} wanted, {hero} realised, was not what anyone had assumed.",
  ],
  closings: [
    "Now they knew. Knowing, it turned out, was only the beginning.",
    "There was no going back to how things had been.",
    "For the first time, {hero} knew exactly what had to be done.",
  ],
  memories: ["what {ally} had discovered", "the truth about {object}", "the hidden room"],
  toneLines: ["tension"],
};

const LOW: BeatMaterial = {
  weight: 0.9,
  location: "there",
  titles: [
    "The Longest Night",
    "Alone in {there}",
    "When the Lights Went Out",
    "The Cost",
    "Far from {home}",
  ],
  summaries: [
    "The cost of the journey comes due, and {hero} must decide whether to go on.",
    "{rival} gains the upper hand, and {hero} is left alone with doubts.",
  ],
  openings: [
    "The night that followed was the longest {hero} had ever known.",
    "Nothing went right the next day.",
    "For a while, it seemed that {rival} had simply won.",
  ],
  keyLines: [
    "Everything they had carried from {home} now seemed too small for what was being asked of them.",
    "{hero} sat alone and counted the mistakes one by one, and the list was long.",
    "{ally} went to look for help, and the silence where {ally} had been was the hardest thing of all.",
  ],
  closings: [
    "And yet, when dawn came, {hero} was still standing.",
    "{hero} got up. There was still one thing left to try.",
    "Somewhere out in the dark, {ally} was on the way back.",
  ],
  memories: ["the long night", "everything that had gone wrong", "those hours alone"],
  toneLines: ["low"],
};

/** A long story's recovery after the darkest moment. */
const REGROUP: BeatMaterial = {
  weight: 0.9,
  location: "there",
  titles: [
    "Gathering Strength",
    "One Last Plan",
    "The Way Forward",
    "{hero} Returns",
    "Back into {there}",
  ],
  summaries: [
    "{hero} and {ally} find each other again and make one last plan against {rival}.",
    "Hope returns from an unexpected direction, and {hero} prepares for the end.",
  ],
  openings: [
    "Morning came after all, grey at first and then gold.",
    "{ally} came back at first light, tired, muddy and grinning.",
    "It began, as good plans often do, with a cup of something hot and a long silence.",
  ],
  keyLines: [
    "They laid out everything they had left on the table, and it was more than either of them had thought.",
    "{hero} remembered something {ally} had said in {home}, and suddenly the plan made sense.",
    "Help came from a direction nobody had expected: the people of {there}, who had watched and waited long enough.",
    "{object} was still theirs, and so was the one thing {rival} had never counted on.",
  ],
  closings: [
    "By evening they were ready, or as ready as anyone ever is.",
    "Tomorrow, then.",
    "{hero} slept well that night, for the first time in a long while.",
  ],
  memories: ["the morning {ally} came back", "the last plan"],
  toneLines: ["tension"],
};

const CLIMAX: BeatMaterial = {
  weight: 1.2,
  location: "there",
  titles: [
    "The {titleWord} at {there}",
    "Face to Face",
    "The Last {titleWord}",
    "{hero} Stands Firm",
    "The Reckoning",
  ],
  summaries: [
    "{hero} faces {rival} in {there}, and everything comes to a head.",
    "With {object} in hand, {hero} makes the choice the whole story has been leading to.",
  ],
  openings: [
    "{there} was waiting for them, [silent|patient|lit from within], as if it had always known they would come.",
    "There was no more time for plans.",
    "When the moment came at last, it came quickly.",
  ],
  keyLines: [
    "Everything they had learned came down to a single choice in {there}.",
    "{hero} held {object} up where {rival} could see it, and for one long moment nobody moved.",
    "{ally} was there when it mattered most, exactly as promised.",
    "It was not strength that decided it in the end, but the thing {hero} had learned on the road.",
  ],
  closings: [
    "When the noise faded, it was over.",
    "And then, quite suddenly, it was done.",
    "{hero} let out a long breath. It was finished.",
  ],
  memories: ["the last hour in {there}", "the reckoning in {there}"],
  toneLines: ["climax"],
};

const RESOLUTION: BeatMaterial = {
  weight: 0.8,
  location: "home",
  titles: [
    "Home Again",
    "After the {titleWord}",
    "The Road Back to {home}",
    "What Remained",
    "A New Morning",
  ],
  summaries: [
    "The dust settles, and {hero} returns to {home} changed.",
    "Loose ends are tied, and {hero} and {ally} look toward what comes next.",
  ],
  openings: [
    "When it was over, the world looked almost exactly the same, which surprised {hero} more than anything.",
    "{home} had not changed while they were gone; {hero} had.",
    "The road home was shorter than the road out, the way roads home always are.",
  ],
  keyLines: [
    "{object} found its proper place at last, and {home} was quieter and better for it.",
    "{ally} stayed for supper, and then for the rest of the season, and nobody thought that strange.",
    "People in {home} would tell the story for years, getting most of it wrong, and {hero} never corrected them.",
    "Of {rival} little more was heard, and what was heard was told as a warning rather than a fear.",
  ],
  closings: [
    "And that, more or less, is how it happened.",
    "{hero} closed the door on the evening and, for once, slept without dreaming.",
    "The story ended there, though for {hero} and {ally} it was really a beginning.",
  ],
  memories: ["the journey home"],
  toneLines: ["aftermath"],
};

/** A short story's last chapter: climax and resolution in one. */
const FINALE: BeatMaterial = {
  weight: 1.2,
  location: "there",
  titles: ["The {titleWord} at {there}", "The Last {titleWord}", "Homeward", "Face to Face"],
  summaries: [
    "{hero} faces {rival} in {there}, then finds the way home to {home}, changed.",
    "With {object} in hand, {hero} makes the final choice, and the journey ends where it began.",
  ],
  openings: CLIMAX.openings,
  keyLines: [...CLIMAX.keyLines, ...RESOLUTION.keyLines.slice(0, 2)],
  closings: RESOLUTION.closings,
  memories: CLIMAX.memories,
  toneLines: ["climax", "aftermath"],
};

export const BEATS: Readonly<Record<BeatId, BeatMaterial>> = {
  setup: SETUP,
  journey: JOURNEY,
  rising: RISING,
  turn: TURN,
  low: LOW,
  regroup: REGROUP,
  climax: CLIMAX,
  resolution: RESOLUTION,
  finale: FINALE,
};

/** Opens a chapter after the first by recalling the one before, lightly. */
export const RECAP_FRAMES: readonly string[] = [
  "{hero} was still thinking about {memory}.",
  "After {memory}, nothing felt quite the same.",
  "Neither of them had said much since {memory}.",
  "{memory} still sat in {heroPoss} thoughts like a pebble in a shoe.",
];

export const TIME_PHRASES: readonly string[] = [
  "Early one morning",
  "Late one afternoon",
  "On the first cold evening of the year",
  "At the end of a long, ordinary week",
  "On a bright and windy morning",
];
