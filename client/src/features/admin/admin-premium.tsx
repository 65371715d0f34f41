import { useApolloClient, useMutation } from "@apollo/client/react";
import { useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";

// The Premium section of /admin, for admins (docs/product.md#purchases-and-premium): grant a
// person premium for some days, or revoke what admins granted.

export const PremiumUserQuery = graphql(`
  query PremiumUser($username: String!) {
    userProfile(username: $username) {
      id
      username
    }
  }
`);

export const GrantPremiumMutation = graphql(`
  mutation GrantPremium($userId: ID!, $days: Int!) {
    grantPremium(userId: $userId, days: $days) {
      userId
      isPremium
      premiumUntil
    }
  }
`);

export const RevokePremiumMutation = graphql(`
  mutation RevokePremium($userId: ID!) {
    revokePremium(userId: $userId) {
      userId
      isPremium
      premiumUntil
    }
  }
`);

export const ADMIN_PREMIUM_MESSAGES = {
  noSuchUser: "No one has that username.",
  failed: "That did not work. Please try again.",
  granted: (username: string, until: string) =>
    `@${username} is premium until ${new Date(until).toUTCString()}.`,
  revoked: (username: string, until: string | null, isPremium: boolean) =>
    isPremium && until
      ? `Granted premium revoked; @${username} stays premium until ${new Date(until).toUTCString()} (bought).`
      : `@${username} is not premium any more.`,
} as const;

/** Grant premium by username for a number of days, or revoke the admin grants. */
export function AdminPremium() {
  const client = useApolloClient();
  const [grant] = useMutation(GrantPremiumMutation);
  const [revoke] = useMutation(RevokePremiumMutation);
  const [username, setUsername] = useState("");
  const [days, setDays] = useState("30");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "error" | "success"; text: string } | null>(null);

  async function act(action: "grant" | "revoke", event?: FormEvent) {
    event?.preventDefault();
    const name = username.trim().replace(/^@/, "");
    if (name === "") return;
    setBusy(true);
    setResult(null);
    try {
      const { data } = await client.query({
        query: PremiumUserQuery,
        variables: { username: name },
        fetchPolicy: "network-only",
      });
      const person = data?.userProfile;
      if (!person) {
        setResult({ tone: "error", text: ADMIN_PREMIUM_MESSAGES.noSuchUser });
      } else if (action === "grant") {
        const answer = await grant({ variables: { userId: person.id, days: Number(days) } });
        const until = answer.data?.grantPremium.premiumUntil ?? "";
        setResult({
          tone: "success",
          text: ADMIN_PREMIUM_MESSAGES.granted(person.username, until),
        });
      } else {
        const answer = await revoke({ variables: { userId: person.id } });
        const status = answer.data?.revokePremium;
        setResult({
          tone: "success",
          text: ADMIN_PREMIUM_MESSAGES.revoked(
            person.username,
            status?.premiumUntil ?? null,
            status?.isPremium ?? false,
          ),
        });
      }
    } catch (caught) {
      console.warn("Changing premium failed", caught);
      setResult({ tone: "error", text: ADMIN_PREMIUM_MESSAGES.failed });
    }
    setBusy(false);
  }

  return (
    <section className="admin-premium" aria-labelledby="admin-premium-title">
      <h2 id="admin-premium-title">Premium</h2>
      <form className="admin-premium__form" onSubmit={(event) => void act("grant", event)}>
        <label>
          Username
          <input
            value={username}
            maxLength={64}
            required
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <label>
          Days
          <input
            type="number"
            min={1}
            max={3650}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          Grant premium
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void act("revoke")}
        >
          Revoke granted premium
        </button>
      </form>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </section>
  );
}
