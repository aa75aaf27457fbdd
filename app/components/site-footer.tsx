import { Link } from "~/components/link";
import { Logo } from "./logo";

// discordUrl is unknown only on an error page whose root loader did not run (a form post to a page
// without a form): the link is left out rather than pointing nowhere.
export function SiteFooter({ siteName, discordUrl }: { siteName: string; discordUrl: string | null }) {
  const link = "footer-link";
  return (
    <footer className="mt-24 border-t border-field-700 bg-field-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="md:col-span-2">
          <Logo siteName={siteName} />
          <p className="mt-4 max-w-sm text-sm text-slate-400">
            Pro schemes, formations and plays for College Football 26 and Madden NFL 26, broken down by
            players who win.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Explore</h2>
          <ul className="mt-4 space-y-2">
            <li><Link to="/" className={link}>Home</Link></li>
            <li><Link to="/college" className={link}>College Football 26</Link></li>
            <li><Link to="/madden" className={link}>Madden NFL 26</Link></li>
            <li><Link to="/updates" className={link}>Title Updates</Link></li>
            <li><Link to="/subscribe" className={link}>Pricing</Link></li>
            <li><Link to="/contact" className={link}>Contact</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">Legal &amp; Community</h2>
          <ul className="mt-4 space-y-2">
            <li><Link to="/privacy-policy" className={link}>Privacy Policy</Link></li>
            <li><Link to="/terms-of-service" className={link}>Terms of Service</Link></li>
            {discordUrl ? (
              <li><a href={discordUrl} className={link} rel="noopener noreferrer" target="_blank">Discord</a></li>
            ) : null}
            <li><a href="https://www.youtube.com/" className={link} rel="noopener noreferrer" target="_blank">YouTube</a></li>
            <li><a href="https://x.com/" className={link} rel="noopener noreferrer" target="_blank">X (Twitter)</a></li>
          </ul>
        </div>
      </div>
      <p className="border-t border-field-700 py-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {siteName}. Not affiliated with EA Sports.
      </p>
    </footer>
  );
}
