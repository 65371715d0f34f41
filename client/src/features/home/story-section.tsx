import { HOME_SECTION_CARDS } from "@storyloom/common";
import { useId } from "react";
import { Link } from "react-router";
import type { FragmentType } from "../../__generated__";
import { Alert } from "../../components/alert";
import { StoryCard, StoryGrid, StoryGridSkeleton, type StoryCardFragment } from "../stories";
import { HOME_MESSAGES } from "./home-messages";

interface StorySectionProps {
  title: string;
  viewAllTo: string;
  stories: readonly (FragmentType<typeof StoryCardFragment> & { id: string })[];
  /** True while the first answer is awaited (skeleton cards show). */
  loading: boolean;
  /** The section's own message when it could not load, else null. */
  errorMessage: string | null;
  onRetry: () => void;
  /** The section at the top of the page: its first card's picture loads first. */
  first?: boolean;
}

/** A home section of story cards: a View All link and up to 9 cards. */
export function StorySection(props: StorySectionProps) {
  const headingId = useId();
  let body;
  if (props.loading) {
    // As many as the section usually shows, so the section below does not move when they arrive.
    body = <StoryGridSkeleton count={HOME_SECTION_CARDS} />;
  } else if (props.errorMessage) {
    body = (
      <div className="story-section__error">
        <Alert tone="error">{props.errorMessage}</Alert>
        <button type="button" className="button button--secondary" onClick={props.onRetry}>
          Try Again
        </button>
      </div>
    );
  } else if (props.stories.length === 0) {
    body = <p className="empty-list">{HOME_MESSAGES.empty}</p>;
  } else {
    body = (
      <StoryGrid label={`${props.title} stories`}>
        {props.stories.map((story, index) => (
          <li key={story.id}>
            <StoryCard story={story} prominent={props.first === true && index === 0} />
          </li>
        ))}
      </StoryGrid>
    );
  }
  return (
    <section className="story-section" aria-labelledby={headingId}>
      <div className="story-section__header">
        <h2 id={headingId}>{props.title}</h2>
        <Link to={props.viewAllTo} className="story-section__view-all">
          View All
          <span className="visually-hidden"> {props.title}</span>
        </Link>
      </div>
      {body}
    </section>
  );
}
