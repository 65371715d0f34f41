import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { TextAreaField } from "../../components/text-area-field";
import { storePendingStoryIntent } from "../../lib/pending-story-intent";

/**
 * A visitor's way into writing: they type what the story is about and ask for it; the wish and
 * their words are stored (the pending-story intent) and they are sent to sign in, which then takes
 * them to /stories/new with the outline filled in (docs/product.md#sign-in). Create Account keeps
 * what they typed too.
 */
export function VisitorStoryPrompt() {
  const navigate = useNavigate();
  const [outline, setOutline] = useState("");

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    storePendingStoryIntent(outline);
    void navigate("/login");
  }

  return (
    <form className="home-cta__prompt" aria-label="Generate a story" onSubmit={handleSubmit}>
      <TextAreaField
        label="Outline"
        rows={2}
        value={outline}
        onChange={(event) => setOutline(event.target.value)}
      />
      <div className="home-cta__actions">
        <button type="submit" className="button button--secondary">
          Generate Story
        </button>
        <Link
          className="button button--primary"
          to="/signup"
          onClick={() => {
            if (outline.trim() !== "") storePendingStoryIntent(outline);
          }}
        >
          Create Account
        </Link>
      </div>
    </form>
  );
}
