// The offline rewriter's material: sentences it adds and words it swaps, by instruction. Plain and
// story-neutral, so they fit any genre the offline writer produces.

export const DETAIL_SENTENCES = [
  "The air smelled of rain and old stone.",
  "Somewhere far off, a door closed and the sound lingered.",
  "For a moment nothing moved, not even the dust in the light.",
  "The floor creaked under every careful step.",
  "A thin wind pulled at the edges of everything.",
  "Time seemed to stretch, slow and heavy, like honey in the cold.",
  "Every small sound felt louder than it should have.",
  "The light shifted, and the shadows leaned with it.",
  "There was a taste of metal and salt in the air.",
  "Far below, water moved against the stones in a patient rhythm.",
  "It was the kind of quiet that waits for something to break it.",
  "Memory pressed close, half welcome and half not.",
];

export const DIALOGUE_LINES = [
  '"We can\'t stay here," someone whispered.',
  '"Did you hear that?" came the question, barely a breath.',
  '"Tell me what you saw," a voice said. "All of it."',
  '"I know," came the answer. "I\'ve always known."',
  '"Then we go now," was the reply, "before it\'s too late."',
  '"You don\'t have to do this alone," a quiet voice said.',
  '"Look," someone said, pointing. "There, do you see it?"',
  '"Not yet," came the murmur. "Wait for the signal."',
];

export const SPEECH_TAGS = [
  "she said",
  "he said",
  "they said quietly",
  "she murmured",
  "he admitted",
  "came the reply",
];

export const DARK_SENTENCES = [
  "Something cold settled in the pit of the stomach and would not leave.",
  "The shadows seemed to lean closer, listening.",
  "Nobody said what everyone was thinking: that it was already too late.",
  "A smell of rot drifted up from somewhere unseen.",
  "The silence afterward was worse than any scream.",
  "Whatever had been watching them had not gone away.",
];

export const LIGHT_SENTENCES = [
  "Despite everything, a small laugh escaped, and it felt good.",
  "Warm light spilled across the floor like spilled honey.",
  "For once, the world seemed willing to be kind.",
  "A bird started singing somewhere nearby, as if on cue.",
  "It was, all things considered, a rather lovely moment.",
  "Hope, it turned out, was a stubborn little thing.",
];

/** Words a darker rewrite swaps; a lighter one swaps them back. */
export const DARK_SWAPS: ReadonlyArray<readonly [string, string]> = [
  ["light", "gloom"],
  ["bright", "dim"],
  ["warm", "cold"],
  ["smiled", "grimaced"],
  ["smile", "grimace"],
  ["laughed", "fell silent"],
  ["happy", "uneasy"],
  ["gentle", "harsh"],
  ["soft", "brittle"],
  ["friend", "stranger"],
  ["hope", "dread"],
  ["sun", "grey sky"],
  ["quiet", "deathly quiet"],
  ["kind", "cruel"],
  ["golden", "ashen"],
];

/** Words that carry little: a shorter rewrite drops them. */
export const FILLER_WORDS = [
  "very",
  "really",
  "just",
  "quite",
  "rather",
  "slowly",
  "suddenly",
  "softly",
  "gently",
  "almost",
  "somehow",
  "simply",
  "still",
  "then",
];

/** Neutral swaps that make a custom rewrite read differently. */
export const PLAIN_SWAPS: ReadonlyArray<readonly [string, string]> = [
  ["looked", "glanced"],
  ["said", "remarked"],
  ["walked", "strode"],
  ["quickly", "swiftly"],
  ["began", "started"],
  ["big", "vast"],
  ["small", "slight"],
  ["saw", "noticed"],
  ["went", "headed"],
  ["felt", "sensed"],
];
