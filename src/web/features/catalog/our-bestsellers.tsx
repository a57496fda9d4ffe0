import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionHeading } from '../../components/section-heading.tsx';

/** Spec §2 Our Bestsellers: its heading and View All; the grid comes in as `children`. */
export function OurBestsellers({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="bestsellers-heading" className="mx-auto w-full max-w-7xl px-4 sm:px-6">
      <SectionHeading
        id="bestsellers-heading"
        kicker="Chosen by our shoppers"
        title="Our Bestsellers"
        action={
          <Link to="/products" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-wine hover:underline">
            View All <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
      {children}
    </section>
  );
}
