import type { Editor } from "@tiptap/react";
import { useCallback, useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "../../components/alert";
import { ChapterTextEditor, paragraphsOf } from "./chapter-text-editor";
import { STUDIO_MESSAGES } from "./messages";
import { useEditStory } from "./use-edit-story";

interface StoryEditorProps {
  storyId: string;
  title: string;
  chapters: ReadonlyArray<{ title: string; paragraphs: readonly string[] }>;
  /** Back to reading; `saved` when the changes were saved. */
  onClose: (saved: boolean) => void;
}

/**
 * The owner's editor in the text's place: the title, then each chapter's title and text. Save
 * changes sends the whole text; the api keeps it as a new version and finds the inline notes
 * again in it.
 */
export function StoryEditor({ storyId, title, chapters, onClose }: StoryEditorProps) {
  const id = useId();
  const [storyTitle, setStoryTitle] = useState(title);
  const [chapterTitles, setChapterTitles] = useState(() =>
    chapters.map((chapter) => chapter.title),
  );
  const editors = useRef<Array<Editor | null>>([]);
  const [error, setError] = useState<string | null>(null);
  const { save, saving } = useEditStory();
  const editorAt = useCallback(
    (index: number) => (editor: Editor | null) => {
      editors.current[index] = editor;
    },
    [],
  );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (storyTitle.trim() === "") {
      setError(STUDIO_MESSAGES.titleRequired);
      return;
    }
    const edited = chapters.map((chapter, index) => {
      const editor = editors.current[index];
      return {
        title: chapterTitles[index] ?? chapter.title,
        paragraphs: editor ? paragraphsOf(editor) : [...chapter.paragraphs],
      };
    });
    if (edited.some((chapter) => chapter.paragraphs.length === 0)) {
      setError(STUDIO_MESSAGES.emptyChapter);
      return;
    }
    const failure = await save(storyId, { title: storyTitle.trim(), chapters: edited });
    if (failure === null) onClose(true);
    else setError(failure);
  }

  return (
    <form
      className="studio-editor"
      aria-label="Edit story"
      onSubmit={(event) => void handleSubmit(event)}
    >
      <label className="studio-editor__label" htmlFor={`${id}-title`}>
        Title
      </label>
      <input
        id={`${id}-title`}
        className="studio-editor__title"
        value={storyTitle}
        maxLength={200}
        onChange={(event) => setStoryTitle(event.target.value)}
      />
      {chapters.map((chapter, index) => (
        <fieldset key={index} className="studio-editor__chapter">
          <legend>Chapter {index + 1}</legend>
          <label className="studio-editor__label" htmlFor={`${id}-chapter-${index}`}>
            Chapter {index + 1} title
          </label>
          <input
            id={`${id}-chapter-${index}`}
            className="studio-editor__chapter-title"
            value={chapterTitles[index] ?? ""}
            maxLength={200}
            onChange={(event) =>
              setChapterTitles((titles) =>
                titles.map((value, at) => (at === index ? event.target.value : value)),
              )
            }
          />
          <ChapterTextEditor
            label={`Chapter ${index + 1} text`}
            paragraphs={chapter.paragraphs}
            onEditor={editorAt(index)}
          />
        </fieldset>
      ))}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="studio-editor__actions">
        <button type="submit" className="studio-editor__save" disabled={saving}>
          {saving ? STUDIO_MESSAGES.saving : STUDIO_MESSAGES.save}
        </button>
        <button type="button" disabled={saving} onClick={() => onClose(false)}>
          {STUDIO_MESSAGES.cancel}
        </button>
      </div>
    </form>
  );
}
