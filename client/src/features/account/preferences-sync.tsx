import { useMutation, useQuery } from "@apollo/client/react";
import { useEffect } from "react";
import { isReaderFont, type Theme } from "@storyloom/common";
import { graphql } from "../../__generated__";
import {
  chooseReaderFont,
  chooseTheme,
  markPreferencesApplied,
  preferencesAppliedFor,
  THEME_TOGGLED_EVENT,
} from "../../lib/preference-choices";
import { useAuth } from "../auth";
import { UpdatePreferencesMutation } from "./preferences-mutation";

export const AccountPreferencesQuery = graphql(`
  query AccountPreferences {
    viewer {
      id
      userId
      theme
      readerFont
    }
  }
`);

/**
 * Applies the theme and reader font kept with the account when a person signs in on this browser
 * (once per person: a later choice on this device stays), so preferences follow the reader across
 * devices (docs/product.md#settings); keeps the header toggle's theme with the account, as
 * Settings' Theme does (one setting, issue 29 row 12). Renders nothing. Once applied for the
 * person signed in, the account's preferences are not asked for again on this browser: the mark is
 * their sign-in account's id, known before any query (decision 082).
 */
export function AccountPreferencesSync() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid ?? null;
  const applied = uid !== null && preferencesAppliedFor() === uid;
  const { data } = useQuery(AccountPreferencesQuery, { skip: uid === null || applied });
  const viewer = uid !== null && !applied ? data?.viewer : null;

  useEffect(() => {
    if (!viewer || uid === null || preferencesAppliedFor() === uid) return;
    // A browser marked before decision 082 holds the api's id of the same person: already applied.
    const markedBefore = preferencesAppliedFor() === viewer.userId;
    markPreferencesApplied(uid);
    if (markedBefore) return;
    if (viewer.theme) chooseTheme(viewer.theme === "DARK" ? "dark" : "light");
    if (isReaderFont(viewer.readerFont)) chooseReaderFont(viewer.readerFont);
  }, [viewer, uid]);

  const [updatePreferences] = useMutation(UpdatePreferencesMutation);
  const signedIn = currentUser !== null;
  useEffect(() => {
    if (!signedIn) return;
    const keep = (event: Event) => {
      const theme = (event as CustomEvent<Theme>).detail;
      updatePreferences({ variables: { input: { theme: theme === "dark" ? "DARK" : "LIGHT" } } })
        // This device keeps the choice either way; the account catches up at the next toggle.
        .catch((error: unknown) =>
          console.warn("Keeping the theme with the account failed", error),
        );
    };
    window.addEventListener(THEME_TOGGLED_EVENT, keep);
    return () => window.removeEventListener(THEME_TOGGLED_EVENT, keep);
  }, [signedIn, updatePreferences]);

  return null;
}
