import { STORE } from '../../shared/store.ts';

/** The shop's social pages, from src/shared/store.ts; used by the footer and the mobile sidebar. */
export function SocialLinks() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Follow us">
      {STORE.social.map(({ name, href }) => (
        <li key={href}>
          <a
            href={href}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex min-h-9 items-center rounded-full bg-white px-3 text-sm text-muted ring-1 ring-line hover:text-wine"
          >
            {name}
          </a>
        </li>
      ))}
    </ul>
  );
}
