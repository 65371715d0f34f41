import { useId } from "react";
import { Link } from "react-router";

interface StorySectionProps {
  title: string;
  viewAllTo: string;
}

/** A home section of story cards; empty until the stories issue fills it (spec §2 Home). */
export function StorySection({ title, viewAllTo }: StorySectionProps) {
  const headingId = useId();
  return (
    <section className="story-section" aria-labelledby={headingId}>
      <div className="story-section__header">
        <h2 id={headingId}>{title}</h2>
        <Link to={viewAllTo} className="story-section__view-all">
          View All
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <p className="story-section__empty">No stories found here yet. Be the first!</p>
    </section>
  );
}
