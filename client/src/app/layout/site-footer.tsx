import { Link } from "react-router";

/** The footer: copyright and the legal links. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copyright">© {year} Storyloom</p>
        <nav aria-label="Legal">
          <ul className="site-footer__links">
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
