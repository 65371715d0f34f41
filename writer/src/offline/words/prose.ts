// Sentence pools that suit any genre and any tone: the everyday texture between the plot points
// (what people do, think and say), and the frames that carry the user's own outline lines,
// keywords and extra names into the story. Slots as in genres.ts.

export const ACTION_LINES: readonly string[] = [
  "{hero} checked {object} again, more out of habit than worry, and found it exactly where it should be.",
  "{ally} went ahead to look at the path and came back with mud to the knees and a grin.",
  "They ate standing up, bread and cold cheese, watching the light change over {here}.",
  "{hero} wrote a few lines in a small notebook, then crossed most of them out.",
  "{ally} hummed a tune from {home}, off-key and cheerful, until {hero} joined in.",
  "For a while they walked in silence, each of them busy with a private arithmetic of hope and doubt.",
  "{hero} asked the same question three different ways and got three different answers.",
  "At the edge of {here}, {hero} stopped to look back and felt the strange tug of a place half-known.",
  "They made a plan, then a better plan, then agreed that the first one had been best after all.",
  "{ally} found a dry corner, coaxed a small fire into life and handed {hero} the first warm cup.",
  "The hours slipped by in small, practical tasks: packing, mending, counting what was left.",
  "{hero} memorised the way back, just in case, counting the turns under [a breath|each step].",
  "A stranger in {here} gave them directions, then, after a long look, better ones.",
  "{hero} laughed at something {ally} said and was surprised by how good it felt.",
  "Someone had carved initials into the old wood of the door, and {hero} wondered whose they were.",
  "They argued briefly about the route, then followed {allyPoss} instinct, which was usually right.",
  "{hero} wrapped {object} in a scarf and tucked it close, where it would be safe.",
  "Rain came and went, and after a while they hardly noticed it.",
  "{ally} sketched a rough map in the dust, jabbing at it with a twig until the plan made sense.",
  "{hero} listened at the window for a long time before deciding it was only the wind.",
  "Down the lane a dog barked once, thought better of it and went back to sleep.",
  "Every so often {hero} touched {object}, the way some people touch a lucky coin.",
  "They took turns keeping watch through the night, and neither of them slept much.",
  "The light faded slowly over {here}, turning everything the colour of [honey|rust|old brass].",
  "{ally} counted their money twice and announced, with great dignity, that it would have to do.",
  "{hero} borrowed a lamp, a coat and a little courage from people who could spare all three.",
  "They found a bench out of the wind and sat for a while, saying nothing, which was its own kind of conversation.",
  "{ally} bargained with a stall-keeper in {here} for ten minutes and came away with an apple and a piece of gossip.",
  "{hero} cleaned a pair of muddy boots with great care, because it was something that could be finished.",
  "A cart rattled past, loaded with barrels and a small, disapproving goat.",
  "{hero} read the old notes again by lamplight, looking for the thing everyone else had missed.",
  "They kept to the back streets of {here}, where the cobbles were uneven and nobody asked questions.",
  "{ally} fell asleep sitting up, and {hero} tucked a blanket around those stubborn shoulders.",
  "Morning brought porridge, a thin sun and a list of things to do that was longer than the day.",
  "{hero} stood at the window of a borrowed room, watching {here} settle into evening.",
  "They walked until the path ran out and then, after a short discussion, kept walking anyway.",
];

export const INTERIOR_LINES: readonly string[] = [
  "{hero} had never been called brave, and was not sure the word fitted now.",
  "Part of {hero} wanted to be back in {home}, where the biggest question was what to cook for supper.",
  "It is strange, {hero} thought, how quickly the extraordinary becomes ordinary.",
  "{hero} tried to remember the last time anything had felt this important, and could not.",
  "There were things {hero} wanted to say to {ally}, but the words kept arriving in the wrong order.",
  "{hero} had learned long ago that fear and excitement feel almost the same from the inside.",
  "If anyone had asked, {hero} would have said it was fine. It was not quite fine.",
  "A small, stubborn voice inside {hero} said: keep going.",
  "{hero} thought of {home} and felt the pull of it, like a thread tied somewhere under the ribs.",
  "Doubt came, as it always did, and {hero} let it sit for a while before sending it on its way.",
  "{hero} wondered, not for the first time, what {rival} really wanted.",
  "Nothing about this was what {hero} had imagined, and somehow that made it more real.",
  "{hero} was beginning to understand that courage is mostly a matter of not stopping.",
  "Somewhere along the way, {hero} had stopped counting the days, and did not miss them.",
  "{hero} realised that {ally} had become a friend without either of them deciding it.",
  "It would have been easy to give up, and {hero} noticed that it never quite seemed like an option.",
  "Every answer, {hero} thought, seemed to come with a question folded up inside it.",
  "{hero} missed small things most: a particular cup, a creaking stair, the light in {home} at supper time.",
];

export const DIALOGUE_LINES: readonly string[] = [
  '"We could still turn back," {ally} said, in the tone of someone who did not mean it.',
  '"Do you trust me?" {hero} asked. {ally} considered this for a long moment. "Mostly."',
  '"Whatever happens," {hero} said, "we stay together."',
  '"That," said {ally}, looking at {object}, "is either very good news or very bad news."',
  '"I have been thinking," {hero} began, and {ally} groaned, because that was how all the trouble started.',
  '"We need a plan," {ally} said. "A real one, this time."',
  '"Tell me again what we know," {hero} said, and {ally} did, slowly, counting on each finger.',
  '"You do not have to do this alone," {ally} said quietly.',
  '"How far to {there}?" {hero} asked. "Far enough," said {ally}.',
  '"If {rival} finds out," {ally} said, "we will have a great deal of explaining to do."',
  '"I am not scared," {hero} said. "I am just paying very close attention."',
  '"Remember {home}?" {ally} asked, and they both smiled despite everything.',
  '"Is that a good idea?" {ally} asked. "It is an idea," said {hero}. "Let us start there."',
  '"Eat something," {ally} said, pushing a plate across. "Heroes still need breakfast."',
  '"What would you do," {hero} asked, "if this all turns out to be for nothing?" {ally} shrugged. "Have a story to tell."',
  '"Slowly," {ally} whispered. "And whatever you do, do not sneeze."',
];

/** Carries a user keyword (or a list of them) into the text; {keyword} may be "hope and loss". */
export const KEYWORD_FRAMES: readonly string[] = [
  "If the story was about anything, {hero} would later think, it was about {keyword}.",
  "There was a thread of {keyword} running beneath everything that happened that day.",
  "{ally} said something about {keyword} that {hero} would remember for a long time.",
  "It came to {hero} then how much of life comes down to {keyword}.",
  "Even here, far from {home}, the question of {keyword} followed them like a faithful dog.",
  "{hero} had not expected {keyword} to matter so much, and yet it did.",
  "Somewhere in all of this was a lesson about {keyword}, though {hero} was not ready to learn it yet.",
  "They talked late into the night about {keyword}, and neither of them won the argument.",
];

/** The last chapter's look back over every keyword. */
export const KEYWORD_ENDINGS: readonly string[] = [
  "In the end it had been a story of {keyword}, though nobody would have called it that at the start.",
  "Looking back, {hero} saw that it had all been about {keyword}.",
];

/**
 * Carries a line of the user's outline. It may be a clause ("Mara must find the key") or a bare
 * phrase ("a lonely robot who learns to paint"), so every frame ends in a colon.
 */
export const EVENT_FRAMES: readonly string[] = [
  "It came down to this: {event}.",
  "That was the heart of it: {event}.",
  "Later, when people told the story, they would put it simply: {event}.",
  "This much was certain: {event}.",
  "{hero} could see the shape of it now: {event}.",
  "Everything pointed the same way: {event}.",
  "The plain facts were these: {event}.",
];

/** The very first outline line of the story. */
export const FIRST_EVENT_FRAMES: readonly string[] = [
  "This is how it began: {event}.",
  "It began, as these things do, simply enough: {event}.",
];

/** Names from the outline that have no part of their own, so they still appear. */
export const COMPANION_FRAMES: readonly string[] = [
  "{companion} turned up when least expected, as {companion} always seemed to.",
  "They left a message for {companion}, who would know what to do with it.",
  "{companion} had warned them about this, of course.",
  "{hero} thought of {companion} and wished, briefly, for that steady company.",
];

/** Places from the outline beyond the story's two main ones. */
export const PLACE_FRAMES: readonly string[] = [
  "Word came from {place} that the same strange things had been seen there.",
  "{hero} thought of {place}, and of how far away it seemed now.",
  "The road to {place} was not taken that day, but {hero} did not forget it.",
];

/** Things from the outline beyond the one the story turns on. */
export const THING_FRAMES: readonly string[] = [
  "Nobody had forgotten {thing}, least of all {hero}.",
  "{ally} mentioned {thing}, and for a moment neither of them spoke.",
];
