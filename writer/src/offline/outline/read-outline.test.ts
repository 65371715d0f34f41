import { describe, expect, it } from "vitest";
import { readOutline } from "./read-outline.js";

describe("readOutline", () => {
  it("finds named characters with their epithets, a villain, and where they are headed", () => {
    const reading = readOutline(
      "Mara, a young cartographer, travels to the Glass City to find her missing brother Tomas. " +
        "The evil sorcerer Malak hunts them.",
    );
    expect(reading.characters).toEqual([
      { name: "Mara", epithet: "the young cartographer", isRival: false },
      { name: "Tomas", epithet: "the missing brother", isRival: false },
      { name: "Malak", epithet: "the evil sorcerer", isRival: true },
    ]);
    expect(reading.places).toEqual(["the Glass City"]);
    expect(reading.destinations).toEqual(["the Glass City"]);
    expect(reading.events).toEqual([
      "Mara, a young cartographer, travels to the Glass City to find her missing brother Tomas",
      "the evil sorcerer Malak hunts them",
    ]);
  });

  it("reads roles, places and things from an outline without names", () => {
    const reading = readOutline(
      "A girl finds a dragon egg in the forest and must protect it from hunters.",
    );
    expect(reading.characters).toEqual([]);
    expect(reading.roles).toEqual(["the girl"]);
    expect(reading.places).toEqual(["the forest"]);
    expect(reading.objects).toEqual(["the dragon egg"]);
  });

  it("drops prompt openings and keeps the story part of the line", () => {
    const reading = readOutline("Write a story about a lonely robot who learns to paint.");
    expect(reading.events).toEqual(["a lonely robot who learns to paint"]);
    expect(reading.roles).toEqual(["the lonely robot"]);
  });

  it("treats 'in Fogmouth' as a place, 'to Tomas' as a person and a title-cased run as one name", () => {
    const reading = readOutline(
      "Detective Ana Ruiz arrives in Fogmouth after a lighthouse keeper vanishes. She talks to Tomas.",
    );
    expect(reading.characters.map((c) => c.name)).toEqual(["Detective Ana Ruiz", "Tomas"]);
    expect(reading.places).toEqual(["Fogmouth"]);
    expect(reading.destinations).toEqual([]);
    expect(reading.roles).toEqual(["the lighthouse keeper"]);
  });

  it("does not take sentence-opening words or numbers for names", () => {
    const reading = readOutline(
      "Deep in the woods, two rival bakers meet. Suddenly the oven explodes. Two hearts collide.",
    );
    expect(reading.characters).toEqual([]);
  });

  it("guesses no names from an outline Written In Title Case", () => {
    expect(readOutline("A Robot Named Pip Explores Mars And Finds A Friend").characters).toEqual(
      [],
    );
  });

  it("merges a later short mention with the full name", () => {
    const reading = readOutline(
      "Captain Reyes commands the starship Meridian. Later, Reyes has a secret.",
    );
    expect(reading.characters.map((c) => c.name)).toEqual(["Captain Reyes"]);
    expect(reading.places).toContain("the starship Meridian");
  });

  it("splits an over-long sentence into clauses and keeps every clause within 40 words", () => {
    const long = Array.from(
      { length: 8 },
      (_, i) => `the caravan crosses dune number ${i} under a pale sky`,
    ).join(", ");
    const events = readOutline(`${long}.`).events;
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) expect(event.split(" ").length).toBeLessThanOrEqual(40);
  });

  it("keeps user text verbatim, brackets and braces included", () => {
    const events = readOutline("Nell opens the {sealed} letter [at last] and laughs.").events;
    expect(events).toEqual(["Nell opens the {sealed} letter [at last] and laughs"]);
  });

  it("copes with empty and punctuation-only outlines", () => {
    expect(readOutline("")).toEqual({
      characters: [],
      roles: [],
      places: [],
      destinations: [],
      objects: [],
      events: [],
    });
    expect(readOutline("... !!! ---").events).toEqual([]);
  });
});
