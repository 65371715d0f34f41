import { Link } from "react-router";
import { LEGAL_CONTACT_EMAIL, LegalDocument } from "./legal-document";

export function TermsPage() {
  return (
    <LegalDocument title="Terms of Service">
      <p>
        These terms govern your use of Storyloom, a community where people generate stories with
        artificial intelligence (AI), read them and discuss them. By creating an account or using
        Storyloom you agree to these terms and to our <Link to="/privacy">Privacy Policy</Link>. If
        you do not agree, please do not use Storyloom.
      </p>

      <h2>1. Your account</h2>
      <ul>
        <li>
          You sign in with an email address and password or with a Google account. Sign-in is
          handled by Firebase Authentication, our identity provider.
        </li>
        <li>
          Give accurate information, keep your password to yourself and tell us if you believe
          someone else has used your account. You are responsible for what happens under your
          account.
        </li>
        <li>
          You must be old enough to agree to these terms where you live. Some features may ask you
          to confirm your age.
        </li>
        <li>One person, one account; accounts may not be sold or transferred.</li>
      </ul>

      <h2>2. Your content</h2>
      <p>
        Your content is what you put into Storyloom: story titles, outlines, tags and keywords, the
        stories you generate and keep, your comments and your profile. You keep the rights you have
        in it. So that we can run the service, you give us a worldwide, non-exclusive, royalty-free
        licence to store, reproduce, display and distribute your content within Storyloom, for as
        long as it stays on Storyloom. Stories you keep private are shown only to you; stories you
        make public, and your comments, are shown to everyone, including visitors who are not signed
        in.
      </p>

      <h2>3. AI-generated content</h2>
      <ul>
        <li>
          Stories and illustrations are produced by automated models from your title, outline and
          settings. The output can be inaccurate, unexpected or similar to other people&apos;s
          stories, and it is not reviewed by a person before you see it.
        </li>
        <li>
          You review every generated story before confirming it, and you decide whether it is
          published. When you publish a story, you are responsible for it as if you had written it.
        </li>
        <li>
          Do not present generated stories as factual, and do not use them to deceive or to
          impersonate real people.
        </li>
      </ul>

      <h2>4. Acceptable use</h2>
      <p>You agree not to use Storyloom to create, publish or share content that:</p>
      <ul>
        <li>is illegal, or sexualises minors in any way;</li>
        <li>harasses, threatens, bullies or promotes hatred against people or groups;</li>
        <li>infringes someone else&apos;s copyright, trademark, privacy or other rights;</li>
        <li>reveals another person&apos;s private information without their consent;</li>
        <li>is spam, advertising we have not approved, malware or a scam.</li>
      </ul>
      <p>
        Do not try to break, overload or get around the limits and security of the service, to
        access accounts or stories that are not yours, or to collect data from Storyloom by
        automated means.
      </p>

      <h2>5. Moderation</h2>
      <p>
        Readers can report comments, and moderators review stories and comments. We may hide, reject
        or remove content that breaks these terms, limit features, and suspend or close accounts
        that break them seriously or repeatedly. Where we can, we tell you why. If you think we got
        it wrong, contact us at the address below.
      </p>

      <h2>6. Deleting your account</h2>
      <p>
        You can delete your account at any time. Deleting it removes your profile, your stories and
        your comments from Storyloom and deletes your sign-in account, as described in the Privacy
        Policy.
      </p>

      <h2>7. The service</h2>
      <p>
        Storyloom is provided as it is and as available. We work to keep it running and your stories
        safe, but we cannot promise that it will always be available, error-free or that generated
        content will meet your expectations. We may change or stop features. To the extent the law
        allows, we are not liable for indirect or consequential losses, or for loss of content you
        did not keep a copy of. Nothing in these terms limits rights you have under consumer law
        that cannot be limited.
      </p>

      <h2>8. Changes to these terms</h2>
      <p>
        If we change these terms in a way that matters, we will show the new version here with a new
        effective date and, for significant changes, ask you to accept them again. If you keep using
        Storyloom after that, the new terms apply.
      </p>

      <h2>9. Contact</h2>
      <p>
        Questions about these terms:{" "}
        <a href={`mailto:${LEGAL_CONTACT_EMAIL}`}>{LEGAL_CONTACT_EMAIL}</a>.
      </p>
    </LegalDocument>
  );
}
