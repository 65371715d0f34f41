import { Link } from "react-router";
import { CollapsiblePanel } from "../../components/collapsible-panel";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth";
import { GenerationForm } from "../generation";
import { StorySection } from "./story-section";
import "./home.css";

export function HomePage() {
  useDocumentTitle("Home");
  const { currentUser } = useAuth();
  return (
    <div className="page home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">Stories woven with AI, read together.</h1>
        <p className="home-hero__lead">
          Give Storyloom a title and an outline, review the story it writes, then keep it to
          yourself or share it and talk about it with other readers.
        </p>
      </section>

      {currentUser ? (
        <CollapsiblePanel title="Ready to write? Generate a story prompt!">
          <GenerationForm />
        </CollapsiblePanel>
      ) : (
        <section className="home-cta" aria-labelledby="home-cta-title">
          <div>
            <h2 id="home-cta-title">Write your own stories</h2>
            <p>Create a free account to generate stories, bookmark favourites and join the talk.</p>
          </div>
          <Link className="button button--primary" to="/signup">
            Create Account
          </Link>
        </section>
      )}

      {/* spec §2 Home: newest first, then trending; cards arrive with the stories issue. */}
      <StorySection title="Fresh Threads" viewAllTo="/explore?sort=newest" />
      <StorySection title="Trending Now" viewAllTo="/explore?sort=popular" />
    </div>
  );
}
