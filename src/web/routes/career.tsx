import { STORE } from '../../shared/store.ts';
import { ContentPage, ContentSection } from '../features/content/content-page.tsx';

const link = 'font-medium text-wine underline underline-offset-4 hover:text-wine-dark';

const ROLES = [
  {
    title: 'Textile Sourcing Associate',
    where: `${STORE.city}, with travel to weaving towns`,
    about:
      'Visit looms in Kanchipuram, Varanasi, Shantipur and Chanderi, choose pieces with our buyers, and keep weaving families paid on time. You know a handwoven selvedge from a power-loom one, or want to learn.',
  },
  {
    title: 'Customer Care Executive',
    where: STORE.city,
    about:
      'Answer shoppers by email, phone and WhatsApp, follow orders to their doorstep and arrange returns. English and Tamil or Hindi; patience with a bride three days before her wedding.',
  },
  {
    title: 'Catalogue Photographer and Stylist',
    where: `${STORE.city}, freelance`,
    about:
      'Photograph sarees and kurtas in daylight so their colours read true on a phone screen, and drape them so a shopper can see the pallu, the border and the fall.',
  },
  {
    title: 'Packing and Dispatch Associate',
    where: STORE.city,
    about: 'Check, fold and pack every order with care, and hand it to our courier partners on time, every working day.',
  },
];

/** /career (spec §2): who we are hiring and how to apply. */
export function Component() {
  return (
    <ContentPage kicker="Work with us" title="Career">
      <p>
        Vastra is a small team in {STORE.city}, that works directly with weaving families and workshops across
        India. We are looking for people who care about craft as much as about getting a parcel to a shopper on time.
      </p>
      <ContentSection title="Who we are hiring">
        <ul className="grid gap-4">
          {ROLES.map((r) => (
            <li key={r.title} className="rounded-lg bg-white p-5 ring-1 ring-line/70">
              <h3 className="font-display text-xl font-semibold text-ink">{r.title}</h3>
              <p className="mt-0.5 text-xs font-medium uppercase tracking-[0.15em] text-gold">{r.where}</p>
              <p className="mt-2">{r.about}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection title="How to apply">
        <p>
          Write to{' '}
          <a href={`mailto:${STORE.email}?subject=${encodeURIComponent('Application: ')}`} className={link}>
            {STORE.email}
          </a>{' '}
          with the role in the subject line (for example, “Application: Customer Care Executive”). Attach your CV, and tell us in
          a few lines why the role suits you; photographers, please add a link to your work. We read every application and
          reply to those we shortlist within two weeks.
        </p>
      </ContentSection>
      <ContentSection title="Weavers and workshops">
        <p>
          If you weave, or run a cooperative or workshop, and would like your work on Vastra, write to the same address with
          “Weaver partnership” in the subject and a few photographs of your pieces. We visit every new partner before we list
          their work.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
