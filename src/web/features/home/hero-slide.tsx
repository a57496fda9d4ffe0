import { Link } from 'react-router';
import type { HeroSlide } from '../../../shared/home.ts';
import { BANNER_DESKTOP_WIDTHS, BANNER_MOBILE_WIDTHS, imageSrcSet } from '../../../shared/images.ts';
import { BREAKPOINT_DESKTOP } from '../../../shared/ui.ts';
import { LaterImg } from '../../drawing/taken-over.tsx';
import { useFreeShippingThreshold } from '../../lib/pricing-settings.ts';

/**
 * One banner: the wide picture from 1024 px, the 4:5 one below, in a box of the picture's own
 * shape so nothing moves when it arrives. The words are HTML over the picture's calm side.
 */
export function HeroSlideView({ slide, first }: { slide: HeroSlide; first: boolean }) {
  const freeOver = useFreeShippingThreshold();
  const desktop = `/images/banners/${slide.stem}-desktop.webp`;
  const mobile = `/images/banners/${slide.stem}-mobile.webp`;
  return (
    <div className="relative aspect-[4/5] bg-sand sm:aspect-[4/3] lg:aspect-[8/3]">
      <LaterImg
        now={first}
        source={{ media: `(min-width: ${BREAKPOINT_DESKTOP}px)`, srcSet: imageSrcSet(desktop, BANNER_DESKTOP_WIDTHS), sizes: '100vw' }}
        src={mobile.replace('.webp', '-768.webp')}
        srcSet={imageSrcSet(mobile, BANNER_MOBILE_WIDTHS)}
        sizes="100vw"
        alt=""
        width={768}
        height={960}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'sync' : 'async'}
        className="absolute inset-0 size-full object-cover object-bottom lg:object-right"
      />
      <div className="absolute inset-0 mx-auto flex max-w-7xl items-start px-5 pt-6 sm:px-10 sm:pt-12 lg:items-center lg:px-20 lg:pt-0">
        <div className="max-w-md">
          <p className="text-xs font-medium uppercase tracking-[0.25em] text-gold">{slide.kicker}</p>
          <h2 className="mt-2 font-display text-[2rem] font-semibold leading-[1.05] text-ink sm:text-5xl lg:text-6xl">{slide.title}</h2>
          <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted sm:mt-3 sm:text-base">{slide.text}
            {slide.freeShippingNote && ` Free shipping over ${freeOver}.`}
          </p>
          <Link
            to={slide.cta.to}
            className="mt-4 inline-flex min-h-11 items-center rounded-full bg-wine px-6 text-sm font-medium text-ivory shadow-sm hover:bg-wine-dark"
          >
            {slide.cta.label}
          </Link>
        </div>
      </div>
    </div>
  );
}
