import type { NastinessLevel } from "@storyloom/common";

// Nastiness sets the tone and the content limits: it decides how much danger reaches the page.
// Light stories keep trouble to worries, misunderstandings and weather; medium adds peril and mild
// violence; heavy turns grim and menacing. No level ever contains sexual content or slurs: the
// story must stay publishable. Only this file may hold the words of VIOLENT_WORDS and DARK_WORDS,
// and only in the pools of the levels that allow them; the tests check that a light story never
// contains one and a heavy story always does.

export interface ToneMaterial {
  level: NastinessLevel;
  /** "a gentle fantasy tale", "a grim mystery". */
  adjectives: readonly string[];
  /** The verb of the description: light rivals are met, heavier ones faced. */
  meetsRival: readonly string[];
  /** Tension in the middle chapters and as occasional filler. */
  tensionLines: readonly string[];
  /** The darkest moment (the "low" beat). */
  lowLines: readonly string[];
  /** How the confrontation goes. */
  climaxLines: readonly string[];
  /** How the world looks once it is over. */
  aftermathLines: readonly string[];
  /** Share of filler sentences drawn from tensionLines. */
  tensionWeight: number;
}

/** Mild violence: allowed from medium up. */
export const VIOLENT_WORDS: readonly string[] = [
  "blade",
  "blades",
  "blood",
  "bleeding",
  "bruise",
  "bruised",
  "bruises",
  "fist",
  "fists",
  "wound",
  "wounded",
  "knife",
  "lunged",
  "weapon",
  "weapons",
  "fight",
  "fought",
  "hurt",
  "danger",
  "dangerous",
  "threat",
];

/** Grim and menacing: heavy only. */
export const DARK_WORDS: readonly string[] = [
  "dread",
  "grim",
  "menace",
  "ruin",
  "ruined",
  "cruel",
  "cruelty",
  "bleak",
  "merciless",
  "despair",
  "dead",
  "death",
  "graves",
  "grief",
  "doom",
];

const LIGHT: ToneMaterial = {
  level: "light",
  adjectives: ["gentle", "warm-hearted", "cosy", "hopeful"],
  meetsRival: ["crosses paths with", "must win over", "has to outwit"],
  tensionWeight: 0.06,
  tensionLines: [
    "There was a knot of worry in {heroPoss} stomach, the small kind that comes before an exam rather than a storm.",
    "Things were getting complicated, and {hero} had never much liked complicated.",
    "A misunderstanding grew the way misunderstandings do, quietly, until it filled the whole room.",
    "Most problems, {hero} reminded nobody in particular, look smaller up close.",
    "The trouble was not frightening, exactly, but it was stubborn, and stubborn trouble needs patience.",
    "{ally} bit a thumbnail and stared at the ceiling, which was what {ally} did when a puzzle refused to be solved.",
    "It would all have been easier, {hero} thought, if {rival} would simply sit down and talk.",
    "Clouds gathered over {here}, and everyone hurried indoors, and the day felt suddenly much less certain.",
    "Somebody in {here} had got hold of the wrong end of the story, and now the whole town was holding it.",
    "{hero} had the uneasy feeling of having forgotten something important, like a kettle left on at home.",
    "The plan wobbled, the way a table wobbles when one leg is a little short.",
    "Every helpful neighbour in {here} had a different piece of advice, and none of them agreed.",
    "A letter arrived for {hero} with no name on it and a great many crossings-out.",
    "For a whole afternoon nothing went right, in small and irritating ways.",
  ],
  lowLines: [
    "It was the sort of evening when even a cup of tea could not quite fix things.",
    "{hero} felt very small and very far from {home}, and let a few tears fall where no one could see.",
    "Nothing was broken that could not be mended, but just then it did not feel that way.",
    "{hero} wondered whether it had been foolish to come at all, and for a while no answer came.",
  ],
  climaxLines: [
    "{hero} did not argue with {rival}; instead {hero} listened, and found the small, sad reason beneath all the fuss.",
    "With a clever trick and a great deal of nerve, {hero} turned {rivalPoss} own plan around, and in the end even {rival} had to laugh.",
    "{hero} offered {object} freely, and that single act of kindness undid what no amount of shouting could have undone.",
    "The whole tangle came apart with one honest question, asked at exactly the right moment.",
  ],
  aftermathLines: [
    "Everyone came home, there was cake, and the cake was excellent.",
    "Even {rival} sent a note afterwards, a little stiff, but kind.",
    "The worries that had seemed so large shrank back to their proper size and stayed there.",
  ],
};

const MEDIUM: ToneMaterial = {
  level: "medium",
  adjectives: ["tense", "daring", "thrilling", "twisting"],
  meetsRival: ["must face", "is hunted by", "races against"],
  tensionWeight: 0.1,
  tensionLines: [
    "There was danger in {here} now, real danger, and {hero} felt it like a cold hand on the back of the neck.",
    "A shout, a scramble, a blade flashing somewhere below: they ran, and did not stop until their lungs burned.",
    "{ally} came back with a bruise along one cheek and would not say who had given it.",
    "Someone had been following them since {home}, and whoever it was carried a knife.",
    "The threat was no longer a rumour. It had a face, and it knew their names.",
    "{rival} had people everywhere in {here}, and every one of them was dangerous.",
    "{hero} slept with one hand on {object} and a blade within reach, and woke at every sound.",
    "A knife had been left on the table where {hero} would find it, and the message was clear enough.",
    "Footsteps matched theirs in the next street, stopping when they stopped, and {hero} kept a hand on the knife.",
    "A rock came through the window at midnight with a warning tied around it: go home.",
    "They were ambushed at a bridge, and it took every trick {ally} knew to get them across with only bruises.",
    "{hero} learned that trusting the wrong person in {here} could be dangerous, and learned it the hard way.",
    "Men with weapons searched {here} street by street, and {hero} and {ally} kept moving.",
    "A fist hammered on the door before dawn, and they went out through the window instead.",
  ],
  lowLines: [
    "{hero} was hurt, not badly, but enough to make every step a small argument.",
    "They had lost the fight for {there}, and {rival} had not even needed to hurry.",
    "Bruised and tired, they hid in a cellar and waited for a night that seemed never to come.",
    "Their best plan lay in pieces, and every road out of {here} was watched by someone dangerous.",
  ],
  climaxLines: [
    "{rival} lunged, and {hero} took a hard blow to the shoulder before twisting free.",
    "Blades flashed in the half-light, and {ally} fought like someone with nothing left to lose.",
    "The fight was short and ugly, and when it ended, {hero} was the one still standing.",
    "{hero} ran for the gate with {object} clutched tight, and behind came the pounding of pursuit and the flash of a blade.",
  ],
  aftermathLines: [
    "The bruises faded in a week; the memory took rather longer.",
    "{rival} was gone, and if the danger was not over for good, it was over for now.",
    "They had been lucky, and they knew it, and they did not waste the luck.",
  ],
};

const HEAVY: ToneMaterial = {
  level: "heavy",
  adjectives: ["dark", "grim", "bleak", "haunting"],
  meetsRival: ["must stand against", "is hunted by", "must confront"],
  tensionWeight: 0.13,
  tensionLines: [
    "Dread settled over {here} like ash, and no one there spoke above a whisper.",
    "{rival} left ruin in every direction: burned farms, empty houses, doors that no one would ever open again.",
    "They found the fresh graves at the edge of {here} and did not speak of them again.",
    "There was a menace in the silence, a patient cruelty, as if the place itself were waiting for them to fail.",
    "{hero} understood now that {rival} was merciless and would not stop, not for pity, not for bargains, not for anything.",
    "The bleak truth was that not all of them would come home.",
    "Every face in {here} wore the same grim, hunted look, and nobody met {heroPoss} eyes.",
    "The dead were not spoken of in {here}; there were too many of them now.",
    "Smoke rose beyond {here} where a village had been, and the wind carried the smell of ruin for miles.",
    "{rival} did not threaten; {rival} simply took, and the cruelty of it was in the calm.",
    "Nobody in {here} would say the name of {rival} aloud, as though the name itself might hear them.",
    "{hero} dreamed of {home} in ashes and woke with the bleak certainty that the dream was a warning.",
    "There were empty chairs at every table in {here}, and no one set fewer places out of grief and stubbornness.",
    "The menace of it was everywhere: in the locked doors, the shuttered windows, the children kept indoors.",
    "Somewhere a bell tolled for the dead, slow and grim, and went on tolling long after it should have stopped.",
  ],
  lowLines: [
    "They buried what they could and left the rest, and the grief of it sat on {hero} like a stone.",
    "Despair was a quiet thing, {hero} learned; it did not shout, it simply stopped expecting morning.",
    "{ally} was wounded, badly, and the blood would not stop for a long, grim hour.",
    "{rival} had been merciless, and the ruin left behind would take years to count.",
  ],
  climaxLines: [
    "{rival} came on without mercy, and for a terrible moment every grim prophecy seemed about to come true.",
    "The price of victory was cruel, and {hero} paid it with open eyes.",
    "In the ruin of {there}, {hero} faced {rival} at last, and only one of them walked away.",
    "Death had walked beside them since {home}; here, at the end, {hero} looked it in the face and did not turn away.",
  ],
  aftermathLines: [
    "Not everyone came home, and those who did carried the dead with them in every quiet moment.",
    "The ruin would be rebuilt, slowly, by people who would never again sleep easily.",
    "Victory, {hero} found, was a bleak and quiet thing, and it tasted of ash.",
  ],
};

export const TONES: Readonly<Record<NastinessLevel, ToneMaterial>> = {
  light: LIGHT,
  medium: MEDIUM,
  heavy: HEAVY,
};
