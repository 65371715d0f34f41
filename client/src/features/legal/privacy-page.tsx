import { Link } from "react-router";
import { LEGAL_CONTACT_EMAIL, LegalDocument } from "./legal-document";

export function PrivacyPage() {
  return (
    <LegalDocument title="Privacy Policy">
      <p>
        This policy explains what Storyloom keeps about you, why, who else handles it and what you
        can do about it. It applies together with our <Link to="/terms">Terms of Service</Link>.
      </p>

      <h2>1. What we keep</h2>
      <ul>
        <li>
          <strong>Account:</strong> your email address, a user id from our identity provider, and
          how you sign in (password or Google).
        </li>
        <li>
          <strong>Profile:</strong> your username, and the display name, picture address and short
          bio you choose to add.
        </li>
        <li>
          <strong>Stories:</strong> the titles, outlines, tags, keywords and settings you submit,
          the stories and illustrations generated from them, and whether each story is public or
          private.
        </li>
        <li>
          <strong>Comments and activity:</strong> your comments and the passages they refer to,
          reports you make, and your bookmarks.
        </li>
        <li>
          <strong>Agreements:</strong> the date and time you accepted the Terms of Service and this
          Privacy Policy, and when you confirmed your age.
        </li>
        <li>
          <strong>Technical records:</strong> timestamps of when things were created or changed, and
          short-lived server logs used to keep the service secure and working.
        </li>
      </ul>
      <p>
        On your own device, Storyloom stores a few preferences (your theme and reader font) in your
        browser&apos;s local storage. We do not use advertising or tracking cookies.
      </p>

      <h2>2. Why we keep it</h2>
      <ul>
        <li>to run your account and sign you in;</li>
        <li>
          to generate, store and show your stories, and to show your public stories and comments to
          others;
        </li>
        <li>to moderate content and enforce the Terms of Service;</li>
        <li>to keep a record that you accepted our terms;</li>
        <li>to protect Storyloom and its users from abuse, and to fix problems.</li>
      </ul>
      <p>We do not sell your personal data.</p>

      <h2>3. Identity provider</h2>
      <p>
        Sign-in is provided by Firebase Authentication, a Google service. When you create an account
        or sign in, Firebase processes your email address, your password (which Storyloom never sees
        or stores) and, if you use Google sign-in, the basic profile Google shares. Its handling of
        that data is governed by Google&apos;s own privacy terms.
      </p>

      <h2>4. AI generation</h2>
      <p>
        To generate a story, your title, outline, tags, keywords and settings are sent to the
        story-writing model the operator of this service has configured. Do not put personal
        information about yourself or others into a story request.
      </p>

      <h2>5. Who can see what</h2>
      <p>
        Public stories, your username and your comments can be seen by anyone. Private stories are
        visible only to you. Moderators can see content that is reported or awaiting review. Your
        email address is never shown to other users.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        We keep your data while your account exists. Discarded stories may be kept for a short time
        so they can be restored or checked for abuse. Server logs are kept only as long as needed to
        operate and secure the service.
      </p>

      <h2>7. Deleting your account and your rights</h2>
      <p>
        You can delete your account at any time. We then delete your profile, stories, comments,
        bookmarks and acceptance records, and your sign-in account at the identity provider.
        Depending on where you live, you may also have the right to access, correct or export your
        data, or to object to how we use it; contact us to do so.
      </p>

      <h2>8. Changes to this policy</h2>
      <p>
        If we change this policy in a way that matters, we will publish the new version here with a
        new effective date and, for significant changes, ask you to accept it again.
      </p>

      <h2>9. Contact</h2>
      <p>
        Privacy questions and requests:{" "}
        <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>.
      </p>
    </LegalDocument>
  );
}
