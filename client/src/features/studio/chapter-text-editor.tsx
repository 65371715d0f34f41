import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";

// A chapter's text in a ProseMirror editor (TipTap): one paragraph node per paragraph of the
// story, plain text only (the story keeps no formatting), with undo and redo.

const plainText = StarterKit.configure({
  blockquote: false,
  bold: false,
  bulletList: false,
  code: false,
  codeBlock: false,
  hardBreak: false,
  heading: false,
  horizontalRule: false,
  italic: false,
  link: false,
  listItem: false,
  listKeymap: false,
  orderedList: false,
  strike: false,
  underline: false,
});

/** The editor's document for a chapter's paragraphs. */
function documentOf(paragraphs: readonly string[]) {
  return {
    type: "doc",
    content: paragraphs.map((text) => ({
      type: "paragraph",
      ...(text === "" ? {} : { content: [{ type: "text", text }] }),
    })),
  };
}

/** The chapter's paragraphs as the editor holds them; blank paragraphs are not kept. */
export function paragraphsOf(editor: Editor): string[] {
  const paragraphs: string[] = [];
  editor.state.doc.forEach((node) => {
    const text = node.textContent.trim();
    if (text !== "") paragraphs.push(text);
  });
  return paragraphs;
}

interface ChapterTextEditorProps {
  /** "Chapter 2 text": what assistive technology calls the editor. */
  label: string;
  paragraphs: readonly string[];
  /** Hands the editor up once it exists, so Save can read every chapter. */
  onEditor: (editor: Editor | null) => void;
}

export function ChapterTextEditor({ label, paragraphs, onEditor }: ChapterTextEditorProps) {
  const editor = useEditor({
    extensions: [plainText],
    content: documentOf(paragraphs),
    editorProps: {
      attributes: {
        "aria-label": label,
        "aria-multiline": "true",
        role: "textbox",
        class: "studio-editor__text",
      },
    },
  });
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);
  return <EditorContent editor={editor} />;
}
