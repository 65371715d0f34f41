import { ApolloClient, ApolloLink, InMemoryCache, type TypedDocumentNode } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import { act, render, screen, waitFor } from "@testing-library/react";
import { parse } from "graphql";
import { Observable } from "rxjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../lib/storage-keys";
import { fakeAuthService, signedInUser } from "../testing/fake-auth";
import { AppProviders } from "./providers";

const WhoQuery: TypedDocumentNode<{ viewer: { id: string } }> = parse(
  "query ProvidersTest { viewer { id } }",
);

/** A real Apollo Client over a link that counts the requests it is asked to send. */
function countingApollo(visitorDataInCache = false) {
  const sent: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.operationName ?? "");
        observer.next({ data: { viewer: { __typename: "User", id: `viewer-${sent.length}` } } });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { sent, apollo: { client, restartSubscriptions: vi.fn(), visitorDataInCache } };
}

function Viewer() {
  const { data } = useQuery(WhoQuery);
  return <p>{data ? `Viewer ${data.viewer.id}` : "No viewer"}</p>;
}

afterEach(() => {
  localStorage.clear();
});

function renderViewer(
  auth: ReturnType<typeof fakeAuthService>,
  apollo: ReturnType<typeof countingApollo>["apollo"],
) {
  render(
    <AppProviders authService={auth} apollo={apollo}>
      <Viewer />
    </AppProviders>,
  );
}

// docs/decisions/021-lean-client-first-render.md: the store is reset when the identity changes,
// and on the first identity only when the requests before it went as a visitor's.
describe("the Apollo store and the identity", () => {
  it("refetches a visitor's data when a restored session turns up, and on every change after", async () => {
    const { sent, apollo } = countingApollo();
    const auth = fakeAuthService();
    renderViewer(auth, apollo);
    expect(await screen.findByText("Viewer viewer-1")).toBeInTheDocument();
    act(() => auth.emit(signedInUser));
    expect(await screen.findByText("Viewer viewer-2")).toBeInTheDocument();
    expect(apollo.restartSubscriptions).toHaveBeenCalledOnce();
    act(() => auth.emit(null));
    expect(await screen.findByText("Viewer viewer-3")).toBeInTheDocument();
    expect(sent).toHaveLength(3);
  });

  it("does not ask a returning reader's data twice: with the hint it waited for their token", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    const { sent, apollo } = countingApollo();
    const auth = fakeAuthService();
    renderViewer(auth, apollo);
    expect(await screen.findByText("Viewer viewer-1")).toBeInTheDocument();
    act(() => auth.emit(signedInUser));
    // Signing out later is a change like any other.
    act(() => auth.emit(null));
    expect(await screen.findByText("Viewer viewer-2")).toBeInTheDocument();
    await waitFor(() => expect(apollo.restartSubscriptions).toHaveBeenCalledOnce());
    expect(sent).toHaveLength(2);
  });

  it("refetches a returning reader's data when the cache started with the page's inlined visitor data", async () => {
    localStorage.setItem(STORAGE_KEYS.signedInHint, "1");
    const { sent, apollo } = countingApollo(true);
    const auth = fakeAuthService();
    renderViewer(auth, apollo);
    expect(await screen.findByText("Viewer viewer-1")).toBeInTheDocument();
    act(() => auth.emit(signedInUser));
    expect(await screen.findByText("Viewer viewer-2")).toBeInTheDocument();
    expect(apollo.restartSubscriptions).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(2);
  });
});
