import { useMutation } from "@apollo/client/react";
import { DEFAULT_READER_FONT, isReaderFont, type ReaderFont } from "@storyloom/common";
import { useState } from "react";
import type { Theme as GraphQLTheme } from "../../__generated__/graphql";
import { Alert } from "../../components/alert";
import { SelectField } from "../../components/select-field";
import {
  chooseReaderFont,
  chooseSystemTheme,
  chooseTheme,
  READER_FONT_OPTIONS,
} from "../../lib/preference-choices";
import { readStoredTheme } from "../../lib/theme";
import { useTheme } from "../../lib/use-theme";
import { UpdatePreferencesMutation } from "./preferences-mutation";
import { SETTINGS_MESSAGES } from "./settings-messages";

type ThemeChoice = "system" | "light" | "dark";

const THEME_OPTIONS = [
  { value: "system", label: "Same as my device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

const toGraphQLTheme = (choice: ThemeChoice): GraphQLTheme | null =>
  choice === "system" ? null : choice === "dark" ? "DARK" : "LIGHT";

/** The account's reading preferences as Settings knows them. */
interface PreferencesViewer {
  id: string;
  theme?: GraphQLTheme | null;
  readerFont?: string | null;
}

/** Settings' Reading section: the theme and the reader's font, applied here and kept with the account. */
export function ReadingPreferencesSection({ viewer }: { viewer: PreferencesViewer }) {
  const [updatePreferences] = useMutation(UpdatePreferencesMutation);
  const [failed, setFailed] = useState(false);
  // The theme this device shows, as the header's toggle sets it: one setting (issue 29 row 12).
  const [shown] = useTheme();
  const theme: ThemeChoice = readStoredTheme() === null ? "system" : shown;
  const font = isReaderFont(viewer.readerFont) ? viewer.readerFont : DEFAULT_READER_FONT;

  async function save(input: { theme?: GraphQLTheme | null; readerFont?: string | null }) {
    setFailed(false);
    try {
      // The choice shows at once; the server's answer confirms it (or puts the old one back).
      await updatePreferences({
        variables: { input },
        optimisticResponse: {
          updatePreferences: {
            __typename: "Viewer",
            id: viewer.id,
            theme: input.theme === undefined ? (viewer.theme ?? null) : input.theme,
            readerFont:
              input.readerFont === undefined ? (viewer.readerFont ?? null) : input.readerFont,
          },
        },
      });
    } catch (error) {
      console.warn("Saving the preferences failed", error);
      setFailed(true);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="settings-reading">
      <h2 id="settings-reading">Reading</h2>
      <p className="muted">Kept with your account, so every device you sign in on uses them.</p>
      <SelectField<ThemeChoice>
        label="Theme"
        value={theme}
        options={THEME_OPTIONS}
        onValueChange={(choice) => {
          if (choice === "system") chooseSystemTheme();
          else chooseTheme(choice);
          void save({ theme: toGraphQLTheme(choice) });
        }}
      />
      <SelectField<ReaderFont>
        label="Reader font"
        value={font}
        options={READER_FONT_OPTIONS}
        onValueChange={(choice) => {
          chooseReaderFont(choice);
          void save({ readerFont: choice });
        }}
      />
      {failed ? <Alert tone="error">{SETTINGS_MESSAGES.preferencesFailed}</Alert> : null}
    </section>
  );
}
