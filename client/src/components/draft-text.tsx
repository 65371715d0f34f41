// The text of a story as it is written: chapter titles and paragraphs so far, not announced word
// by word (the page around it says where the writing is). The generation view and the watch-live
// page both show it.

export interface DraftTextChapter {
  title: string;
  paragraphs: readonly string[];
}

export function DraftText({ chapters }: { chapters: readonly DraftTextChapter[] }) {
  if (chapters.length === 0) return null;
  return (
    <article
      className="story-text generating-view__draft"
      aria-label="The story so far"
      aria-busy="true"
    >
      {chapters.map((chapter, index) => (
        <section key={index} className="story-text__chapter">
          <h2>{chapter.title || `Chapter ${index + 1}`}</h2>
          {chapter.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
