import { useQuery } from "@apollo/client/react";
import { getFragmentData } from "../../__generated__";
import { formatDate } from "../../lib/format-date";
import {
  alternativeLabel,
  keptAlternativeLabel,
  REWRITE_INSTRUCTION_LABELS,
  STUDIO_MESSAGES,
} from "./messages";
import { RewriteFieldsFragment, StoryRewritesQuery } from "./rewrite-queries";

/** Every rewrite of the story, newest first, with all its alternatives, kept or not. */
export function RewriteHistory({ publicId }: { publicId: string }) {
  const { data } = useQuery(StoryRewritesQuery, { variables: { publicId } });
  const rewrites = getFragmentData(RewriteFieldsFragment, data?.story?.rewrites ?? []);
  return (
    <section className="studio-history" aria-labelledby="studio-rewrites-heading">
      <h2 id="studio-rewrites-heading">{STUDIO_MESSAGES.pastRewrites}</h2>
      {rewrites.length === 0 ? <p>{STUDIO_MESSAGES.noRewrites}</p> : null}
      <ol className="studio-versions">
        {rewrites.map((rewrite) => (
          <li key={rewrite.id} className="studio-version" aria-label={rewrite.original}>
            <p className="studio-version__head">
              <strong>
                {REWRITE_INSTRUCTION_LABELS[rewrite.instruction] ?? rewrite.instruction}
              </strong>
              {rewrite.instructionText ? ` · ${rewrite.instructionText}` : ""} ·{" "}
              <time dateTime={rewrite.createdAt}>{formatDate(rewrite.createdAt)}</time>
            </p>
            <details>
              <summary>{STUDIO_MESSAGES.alternatives}</summary>
              <h4 className="rewrite-review__label">{STUDIO_MESSAGES.original}</h4>
              <blockquote className="rewrite-review__original">{rewrite.original}</blockquote>
              {rewrite.alternatives.map((text, index) => (
                <div key={index}>
                  <h4 className="rewrite-review__label">
                    {rewrite.keptAlternative === index
                      ? keptAlternativeLabel(index)
                      : alternativeLabel(index)}
                  </h4>
                  <blockquote className="rewrite-review__original">{text}</blockquote>
                </div>
              ))}
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
