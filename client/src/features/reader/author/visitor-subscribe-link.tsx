import { SignInLink } from "../../../components/sign-in-link";

/**
 * Subscribe for a visitor: a sign-in link that brings them back to the story. Apart from the
 * reader's author code, so a visitor's first view draws it without Apollo Client
 * (docs/decisions/038-first-views-without-apollo.md).
 */
export function VisitorSubscribeLink() {
  return <SignInLink className="story-subscribe">Subscribe</SignInLink>;
}
