import { BrowseProductsLink } from '../components/empty-state.tsx';
import { ListingScreen } from '../features/catalog/listing-screen.tsx';

/** /just-landed (spec §2): the newest pieces first, as the product list orders them. */
export function Component() {
  return (
    <ListingScreen
      kicker="Fresh from the looms"
      title="Just Landed"
      intro="New sarees, kurtas and lehengas, newest first. Good pieces go quickly; this is where they arrive."
      list="newest"
      emptyAction={<BrowseProductsLink to="/collections" label="See our collections" />}
    />
  );
}
