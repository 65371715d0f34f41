import { describe, expect, it } from "vitest";
import { ReadAloudController, type ReadAloudState, type Speech } from "./read-aloud-controller";

/** An utterance as the browser's: its text, and the events the synthesis fires on it. */
class FakeUtterance extends EventTarget {
  constructor(readonly text: string) {
    super();
  }
  finish() {
    this.dispatchEvent(new Event("end"));
  }
  fail(error: string) {
    this.dispatchEvent(Object.assign(new Event("error"), { error }));
  }
}

/** A speech synthesis that speaks nothing: it keeps what it was asked, the test fires the events. */
class FakeSpeech implements Speech {
  spoken: FakeUtterance[] = [];
  calls: string[] = [];
  speak(utterance: SpeechSynthesisUtterance) {
    this.spoken.push(utterance as unknown as FakeUtterance);
  }
  cancel() {
    this.calls.push("cancel");
  }
  pause() {
    this.calls.push("pause");
  }
  resume() {
    this.calls.push("resume");
  }
  get last() {
    return this.spoken[this.spoken.length - 1]!;
  }
}

function reader(paragraphs: string[]) {
  const speech = new FakeSpeech();
  const states: ReadAloudState[] = [];
  const errors: string[] = [];
  const controller = new ReadAloudController({
    paragraphs,
    speech,
    createUtterance: (text) => new FakeUtterance(text) as unknown as SpeechSynthesisUtterance,
    onChange: (state) => states.push(state),
    onError: (error) => errors.push(error),
  });
  const reading = () => {
    const position = controller.state.position;
    return position ? `${position.paragraph}: ${position.sentence.text}` : null;
  };
  return { speech, states, errors, controller, reading };
}

const STORY = ["The Keeper", "", "One. Two.", "Three.", "Four. Five."];

describe("ReadAloudController", () => {
  it("speaks sentence after sentence, moving on each one's end, skipping blank paragraphs", () => {
    const { speech, controller, reading } = reader(STORY);
    controller.play();
    expect(speech.last.text).toBe("The Keeper");
    expect(reading()).toBe("0: The Keeper");
    speech.last.finish();
    expect(reading()).toBe("2: One.");
    speech.last.finish();
    expect(reading()).toBe("2: Two.");
    speech.last.finish();
    speech.last.finish();
    expect(reading()).toBe("4: Four.");
    speech.last.finish();
    speech.last.finish();
    expect(controller.state.status).toBe("idle");
    expect(speech.spoken.map((utterance) => utterance.text)).toEqual([
      "The Keeper",
      "One.",
      "Two.",
      "Three.",
      "Four.",
      "Five.",
    ]);
  });

  it("pauses and resumes the synthesis where it is", () => {
    const { speech, controller, reading } = reader(STORY);
    controller.play(2);
    controller.pause();
    expect(controller.state.status).toBe("paused");
    expect(speech.calls.at(-1)).toBe("pause");
    controller.resume();
    expect(controller.state.status).toBe("playing");
    expect(speech.calls.at(-1)).toBe("resume");
    expect(reading()).toBe("2: One.");
  });

  it("skips by paragraph both ways, ignoring the cancelled sentence's late end", () => {
    const { speech, controller, reading } = reader(STORY);
    controller.play();
    speech.last.finish();
    const cancelled = speech.last;
    controller.next();
    expect(reading()).toBe("3: Three.");
    // The cancelled utterance reports its end after the skip: nothing moves.
    cancelled.finish();
    cancelled.fail("interrupted");
    expect(reading()).toBe("3: Three.");
    controller.previous();
    expect(reading()).toBe("2: One.");
    controller.previous();
    expect(reading()).toBe("0: The Keeper");
    controller.previous();
    expect(reading()).toBe("0: The Keeper");
    controller.next();
    controller.next();
    controller.next();
    expect(reading()).toBe("4: Four.");
    controller.next();
    expect(controller.state.status).toBe("idle");
  });

  it("resumes a paused synthesis when skipping, so the next paragraph is heard", () => {
    const { speech, controller, reading } = reader(STORY);
    controller.play(2);
    controller.pause();
    speech.calls.length = 0;
    controller.next();
    expect(speech.calls).toEqual(["cancel", "resume"]);
    expect(controller.state.status).toBe("playing");
    expect(reading()).toBe("3: Three.");
  });

  it("stops on a voice's failure and says why, and on stop", () => {
    const { speech, controller, errors } = reader(STORY);
    controller.play();
    speech.last.fail("synthesis-unavailable");
    expect(controller.state.status).toBe("idle");
    expect(errors).toEqual(["synthesis-unavailable"]);
    controller.play();
    controller.stop();
    expect(controller.state).toEqual({ status: "idle", position: null });
    expect(speech.calls.at(-1)).toBe("cancel");
  });

  it("has nothing to read in a story without words", () => {
    const { speech, controller } = reader(["", "  "]);
    controller.play();
    expect(speech.spoken).toEqual([]);
    expect(controller.state.status).toBe("idle");
  });
});
