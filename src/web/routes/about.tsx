import { ContentPage, ContentSection } from '../features/content/content-page.tsx';

/** /about: story, mission and vision (spec §2). */
export function Component() {
  return (
    <ContentPage kicker="About Us" title="Woven by hand, chosen with care">
      <ContentSection title="Our Story">
        <p>
          Vastra began with a trunk of sarees carried home from Kanchipuram, Varanasi and Shantipur, and the friends who kept
          asking where to find more like them. We now work directly with weaving families and small workshops across India,
          from Kanjeevaram silk looms in Tamil Nadu to Tant cotton in West Bengal and Chanderi in Madhya Pradesh, and bring
          their work to you without the mark-ups of a long chain of middlemen.
        </p>
      </ContentSection>
      <ContentSection title="Our Mission">
        <p>
          To make honest, handcrafted clothing easy to buy anywhere in India: clear prices in rupees, true-to-life pictures
          and descriptions, secure payments, and delivery you can rely on, while paying the artisans who make each piece a fair
          price for their skill.
        </p>
      </ContentSection>
      <ContentSection title="Our Vision">
        <p>
          A wardrobe where every saree and kurta has a story you can trace back to the loom, and where the crafts of India's
          weaving towns stay alive because people wear them every day, not only on festive occasions.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
