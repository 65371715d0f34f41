import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../components/alert";
import { SelectField } from "../../components/select-field";
import { TextAreaField } from "../../components/text-area-field";
import { TextField } from "../../components/text-field";
import type { StoryReaderRouteState } from "../../lib/story-reader-route-state";
import { useAuth } from "../auth";
import { CategoryPicker } from "../explore";
import {
  DEFAULT_LENGTH,
  DEFAULT_NASTINESS,
  LENGTH_OPTIONS,
  NASTINESS_OPTIONS,
} from "./generation-options";
import { AiAllowanceLine } from "./ai-allowance-line";
import { GENERATION_MESSAGES } from "./messages";
import { parseCommaList } from "./parse-comma-list";
import { useStartStoryGeneration } from "./use-start-story-generation";
import "./generation.css";

interface GenerationFormProps {
  initialOutline?: string;
  /** Shown as a Cancel button when given (the /stories/new page, not the home panel). */
  onCancel?: () => void;
}

/** Title and outline required, the rest has defaults (docs/product.md#generation-form). */
export function GenerationForm({ initialOutline = "", onCancel }: GenerationFormProps) {
  const { currentUser } = useAuth();
  const navigate = useNavigate();
  const { start, starting } = useStartStoryGeneration();
  const [title, setTitle] = useState("");
  const [outline, setOutline] = useState(initialOutline);
  const [tags, setTags] = useState("");
  const [themeKeywords, setThemeKeywords] = useState("");
  const [desiredLength, setDesiredLength] = useState(DEFAULT_LENGTH);
  const [nastinessLevel, setNastinessLevel] = useState(DEFAULT_NASTINESS);
  const [categoryId, setCategoryId] = useState("");
  const [touched, setTouched] = useState({ title: false, outline: false });
  const [error, setError] = useState<string | null>(null);

  const titleBlank = title.trim() === "";
  const outlineBlank = outline.trim() === "";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ title: true, outline: true });
    if (titleBlank || outlineBlank || starting) return;
    if (!currentUser) {
      setError(GENERATION_MESSAGES.mustBeLoggedIn);
      return;
    }
    setError(null);
    const result = await start({
      title: title.trim(),
      outline: outline.trim(),
      tags: parseCommaList(tags),
      themeKeywords: parseCommaList(themeKeywords),
      desiredLength,
      nastinessLevel,
      ...(categoryId ? { categoryId } : {}),
    });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const state: StoryReaderRouteState = { initialStory: result.story, animateOnEnter: true };
    void navigate(`/stories/${result.story.publicId}`, { state });
  }

  return (
    <form
      className="generation-form"
      aria-label="Generate a story"
      aria-busy={starting}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label="Title"
        name="title"
        maxLength={200}
        required
        value={title}
        error={touched.title && titleBlank ? GENERATION_MESSAGES.titleRequired : null}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => setTouched((value) => ({ ...value, title: true }))}
      />
      <TextAreaField
        label="Outline"
        name="outline"
        maxLength={5000}
        required
        rows={6}
        hint="What happens in your story: characters, setting, the turn of events."
        value={outline}
        error={touched.outline && outlineBlank ? GENERATION_MESSAGES.outlineRequired : null}
        onChange={(event) => setOutline(event.target.value)}
        onBlur={() => setTouched((value) => ({ ...value, outline: true }))}
      />
      <div className="generation-form__row">
        <TextField
          label="Tags"
          name="tags"
          hint="Comma-separated, e.g. fantasy, adventure"
          value={tags}
          onChange={(event) => setTags(event.target.value)}
        />
        <TextField
          label="Theme keywords"
          name="themeKeywords"
          hint="Comma-separated, e.g. friendship, courage"
          value={themeKeywords}
          onChange={(event) => setThemeKeywords(event.target.value)}
        />
      </div>
      <div className="generation-form__row">
        <SelectField
          label="Length"
          name="desiredLength"
          value={desiredLength}
          options={LENGTH_OPTIONS}
          onValueChange={setDesiredLength}
        />
        <SelectField
          label="Nastiness"
          name="nastinessLevel"
          value={nastinessLevel}
          options={NASTINESS_OPTIONS}
          onValueChange={setNastinessLevel}
        />
      </div>
      <CategoryPicker value={categoryId} onChange={setCategoryId} />
      {currentUser ? <AiAllowanceLine /> : null}
      <div className="generation-form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={titleBlank || outlineBlank || starting}
        >
          {starting ? <span className="generation-form__spinner" aria-hidden="true" /> : null}
          Generate Story
        </button>
      </div>
    </form>
  );
}
