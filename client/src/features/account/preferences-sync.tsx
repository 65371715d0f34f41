import { useQuery } from "@apollo/client/react";
import { useEffect } from "react";
import { isReaderFont } from "@storyloom/common";
import { graphql } from "../../__generated__";
import {
  chooseReaderFont,
  chooseTheme,
  markPreferencesApplied,
  preferencesAppliedFor,
} from "../../lib/preference-choices";
import { useAuth } from "../auth";

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
 * devices (docs/product.md#settings). Renders nothing.
 */
export function AccountPreferencesSync() {
  const { currentUser } = useAuth();
  const { data } = useQuery(AccountPreferencesQuery, { skip: !currentUser });
  const viewer = currentUser ? data?.viewer : null;

  useEffect(() => {
    if (!viewer || preferencesAppliedFor() === viewer.userId) return;
    markPreferencesApplied(viewer.userId);
    if (viewer.theme) chooseTheme(viewer.theme === "DARK" ? "dark" : "light");
    if (isReaderFont(viewer.readerFont)) chooseReaderFont(viewer.readerFont);
  }, [viewer]);

  return null;
}
