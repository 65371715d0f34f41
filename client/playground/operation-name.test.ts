import { describe, expect, it } from "vitest";
import { operationToRun } from "./operation-name";

describe("the operation the playground runs", () => {
  it("keeps a name the document has", () => {
    expect(operationToRun("query A { viewer { id } } query B { viewer { id } }", "B")).toBe("B");
  });

  it("takes the only operation's name when the tab left behind named another", () => {
    expect(operationToRun("mutation Start { verifyAge { id } }", "Viewer")).toBe("Start");
  });

  it("sends no name for a single anonymous operation", () => {
    expect(operationToRun("{ viewer { id } }", "Viewer")).toBeUndefined();
  });

  it("leaves the choice to the server when several operations could be meant, or the text does not parse", () => {
    expect(operationToRun("query A { viewer { id } } query B { viewer { id } }", "C")).toBe("C");
    expect(operationToRun("query A {", "A")).toBe("A");
  });
});
