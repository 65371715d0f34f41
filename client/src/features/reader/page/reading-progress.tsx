import { useEffect, useState } from "react";
import { ProgressBar } from "../../../components/progress-bar";

function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  if (scrollable <= 0) return 0;
  return (window.scrollY / scrollable) * 100;
}

/** How far the reader has scrolled through the story. */
export function ReadingProgress() {
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    let frame = 0;
    function update() {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPercent(scrolledPercent()));
    }
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  return <ProgressBar className="reading-progress" value={percent} label="Reading progress" />;
}
