import { useLazyQuery, useMutation } from "@apollo/client/react";
import { useId, useState, type FormEvent } from "react";
import { graphql } from "../../__generated__";
import { Alert } from "../../components/alert";
import { serverMessageOf } from "../../lib/graphql-error-message";

// "Unprice a story", a section of /admin for admins (docs/product.md#prices-and-access): find a
// story by its address, see its price, make it free. Its buyers keep their access.

export const UnpriceStoryQuery = graphql(`
  query UnpriceStory($publicId: ID!) {
    story(publicId: $publicId) {
      id
      title
      price {
        formatted
      }
    }
  }
`);

export const RemoveStoryPriceMutation = graphql(`
  mutation RemoveStoryPrice($storyId: ID!) {
    removeStoryPrice(storyId: $storyId) {
      story {
        id
        price {
          formatted
        }
      }
    }
  }
`);

export const UNPRICE_MESSAGES = {
  notFound: "No story at that address.",
  free: "This story is free.",
  failed: "Could not make the story free. Please try again.",
  done: (title: string) => `“${title}” is now free.`,
} as const;

/** The story's public id from its address (…/stories/<id>) or the id itself. */
export function publicIdOf(address: string): string {
  const trimmed = address
    .trim()
    .replace(/[?#].*$/, "")
    .replace(/\/+$/, "");
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

export function AdminUnprice() {
  const inputId = useId();
  const [address, setAddress] = useState("");
  const [find, found] = useLazyQuery(UnpriceStoryQuery);
  const [removePrice, removing] = useMutation(RemoveStoryPriceMutation);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const story = found.data?.story ?? null;

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const publicId = publicIdOf(address);
    if (publicId === "") return;
    const result = await find({ variables: { publicId } });
    if (!result.data?.story) setMessage({ tone: "error", text: UNPRICE_MESSAGES.notFound });
  }

  async function makeFree(storyId: string, title: string) {
    try {
      await removePrice({ variables: { storyId } });
      setMessage({ tone: "success", text: UNPRICE_MESSAGES.done(title) });
    } catch (error) {
      setMessage({ tone: "error", text: serverMessageOf(error) ?? UNPRICE_MESSAGES.failed });
    }
  }

  return (
    <section className="admin-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Unprice a story</h2>
      <form className="admin-unprice__form" onSubmit={(event) => void lookUp(event)}>
        <label htmlFor={inputId}>Story address or id</label>
        <input
          id={inputId}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          placeholder="https://…/stories/abc123"
        />
        <button type="submit" className="button button--secondary" disabled={found.loading}>
          Find
        </button>
      </form>
      {story ? (
        <p className="admin-unprice__story">
          <strong>{story.title}</strong>:{" "}
          {story.price ? story.price.formatted : UNPRICE_MESSAGES.free}{" "}
          {story.price ? (
            <button
              type="button"
              className="button button--primary"
              disabled={removing.loading}
              onClick={() => void makeFree(story.id, story.title)}
            >
              Make free
            </button>
          ) : null}
        </p>
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </section>
  );
}
