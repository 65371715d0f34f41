import type { ReactNode } from "react";
import { useDocumentTitle } from "../../lib/use-document-title";
import "./legal.css";

/** The date both documents took effect; change it with their text. */
export const LEGAL_EFFECTIVE_DATE = "22 November 2026";

/**
 * Where people reach the operator about these documents. The operator of a Storyloom deployment
 * replaces it with a real mailbox.
 */
export const LEGAL_CONTACT_EMAIL = "legal@storyloom.example";

interface LegalDocumentProps {
  title: string;
  children: ReactNode;
}

export function LegalDocument({ title, children }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <article className="page legal">
      <h1>{title}</h1>
      <p className="legal__effective">Effective {LEGAL_EFFECTIVE_DATE}</p>
      {children}
    </article>
  );
}
