import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";
import "./placeholder-page.css";

interface PlaceholderPageProps {
  /** The page heading, also used for document.title. */
  title: string;
  /** What the page will show; rendered as text. */
  description: string;
  children?: ReactNode;
}

/** A page whose content is not built yet: names what it will show, says it is coming soon. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <section className="page placeholder-page">
      <h1>{title}</h1>
      <p className="placeholder-page__description">{description}</p>
      <p className="placeholder-page__badge">Coming soon</p>
      {children}
    </section>
  );
}
