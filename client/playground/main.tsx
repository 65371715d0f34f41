// The GraphQL playground: GraphiQL 4 with its explorer and docs, bundled by our build and served
// by the BFF at /graphql to a browser (docs/decisions/023-graphql-playground-and-other-clients.md).
// A bundle of its own: nothing here is loaded by the web app.
import { explorerPlugin } from "@graphiql/plugin-explorer";
import { GraphiQL } from "graphiql";
import { buildSchema } from "graphql";
import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { loadRuntimeConfig } from "../src/lib/runtime-config";
import { EXAMPLE_TABS } from "./examples";
import { createSessionFetcher, type SessionFetcher } from "./fetcher";
import { createPlaygroundSession, type PlaygroundSession, type PlaygroundUser } from "./session";
// The schema with its descriptions, from the same build as the server: the docs and the explorer
// need no introspection query, which the server's depth and cost limits refuse
// (docs/decisions/013-graphql-operation-cost.md) and production turns off.
import schemaSource from "../../schema.graphql?raw";
import "graphiql/style.css";
import "@graphiql/plugin-explorer/style.css";
import "./playground.css";

const explorer = explorerPlugin();
const schema = buildSchema(schemaSource);

function SessionIndicator({ user }: { user: PlaygroundUser | null | undefined }) {
  if (user === undefined) {
    return <p className="playground-session">Checking your session…</p>;
  }
  if (user === null) {
    return (
      <p className="playground-session" data-testid="playground-session">
        Visitor: public queries only. <a href="/login">Sign in</a> to the app in this browser to run
        queries as yourself.
      </p>
    );
  }
  return (
    <p className="playground-session" data-testid="playground-session">
      Signed in as <strong>{user.label}</strong>
    </p>
  );
}

function Playground({
  session,
  sessionFetcher,
}: {
  session: PlaygroundSession;
  sessionFetcher: SessionFetcher;
}) {
  // undefined until Firebase has read the stored session.
  const [user, setUser] = useState<PlaygroundUser | null | undefined>(undefined);
  useEffect(() => {
    let uid: string | null | undefined;
    return session.onChange((next) => {
      // A socket opened for one person never serves another.
      if (uid !== undefined && (next?.uid ?? null) !== uid) sessionFetcher.closeSocket();
      uid = next?.uid ?? null;
      setUser(next);
    });
  }, [session, sessionFetcher]);

  return (
    <div className="playground">
      <header className="playground-header">
        <a className="playground-home" href="/">
          Storyloom
        </a>
        <span className="playground-title">GraphQL playground</span>
        <SessionIndicator user={user} />
      </header>
      <main className="playground-main">
        {user !== undefined && (
          <GraphiQL
            fetcher={sessionFetcher.fetcher}
            schema={schema}
            defaultTabs={EXAMPLE_TABS}
            plugins={[explorer]}
            defaultEditorToolsVisibility="variables"
          />
        )}
      </main>
    </div>
  );
}

async function boot() {
  const element = document.getElementById("playground")!;
  const root = createRoot(element);
  try {
    const session = createPlaygroundSession(await loadRuntimeConfig());
    root.render(
      <StrictMode>
        <Playground session={session} sessionFetcher={createSessionFetcher(session)} />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<p className="playground-session">The playground could not load its settings.</p>);
  }
}

void boot();
