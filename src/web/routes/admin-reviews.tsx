import { EmptyState, RetryButton } from '../components/empty-state.tsx';
import { LoadingIndicator } from '../components/loading-indicator.tsx';
import { AdminGate } from '../features/admin/admin-gate.tsx';
import { HeldWordsForm } from '../features/admin/held-words.tsx';
import { ReviewsBoard } from '../features/admin/reviews-board.tsx';
import { useHeldWords } from '../features/admin/reviews.api.ts';

/** /admin/reviews: buyers' reviews by state, product and rating; publish, reject, reply; the words that hold one (issue 51). */
export function Component() {
  return (
    <AdminGate>
      <Reviews />
    </AdminGate>
  );
}

function Reviews() {
  const words = useHeldWords();
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="font-display text-3xl font-semibold">Reviews</h1>
        <p className="mt-1 text-sm text-muted">From buyers whose piece was delivered. Text-only reviews show at once; those with photographs, links, numbers or a held word wait for you.</p>
      </div>
      <ReviewsBoard />
      {words.isPending && <LoadingIndicator text="Loading the held words..." />}
      {words.isError && <EmptyState title="We could not load the held words." action={<RetryButton onRetry={() => void words.refetch()} />} />}
      {words.data && <HeldWordsForm words={words.data.words} />}
    </div>
  );
}
