import { graphql } from "../../__generated__";

/** Keeps reading preferences with the account (Settings' Reading section, the header's toggle). */
export const UpdatePreferencesMutation = graphql(`
  mutation UpdatePreferences($input: PreferencesInput!) {
    updatePreferences(input: $input) {
      id
      theme
      readerFont
    }
  }
`);
