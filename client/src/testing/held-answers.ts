import { ApolloLink } from "@apollo/client";
import { Observable, type Subscription } from "rxjs";

interface Gate {
  opened: Promise<void>;
  open: () => void;
  delivered: Promise<void>;
  deliver: () => void;
}

/**
 * Holds the mocked answers of named operations until the test releases them, so a test can look at
 * the in-flight state (an optimistic update, a disabled button) without racing a clock: a mocked
 * `delay` is a wall-clock guess that a busy machine outruns.
 */
export class HeldAnswers {
  private readonly gates = new Map<string, Gate>();

  /**
   * Holds the next answer to `operationName`. The returned function lets it through and resolves
   * once the answer has been delivered to the client.
   */
  hold(operationName: string): () => Promise<void> {
    const gate = {} as Gate;
    gate.opened = new Promise<void>((resolve) => (gate.open = resolve));
    gate.delivered = new Promise<void>((resolve) => (gate.deliver = resolve));
    this.gates.set(operationName, gate);
    return async () => {
      gate.open();
      await gate.delivered;
    };
  }

  /** Goes in front of the mocks: a held operation waits at its gate, the rest pass straight on. */
  readonly link = new ApolloLink((operation, forward) => {
    const gate = this.gates.get(operation.operationName ?? "");
    if (!gate) return forward(operation);
    this.gates.delete(operation.operationName ?? "");
    return new Observable((observer) => {
      let inner: Subscription | undefined;
      let closed = false;
      void gate.opened.then(() => {
        if (closed) return;
        inner = forward(operation).subscribe({
          next: (value) => observer.next(value),
          error: (error: unknown) => {
            observer.error(error);
            gate.deliver();
          },
          complete: () => {
            observer.complete();
            gate.deliver();
          },
        });
      });
      return () => {
        closed = true;
        inner?.unsubscribe();
      };
    });
  });
}
