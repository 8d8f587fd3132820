import type { ReadTabFailure } from '@/ext/read-tab';

const HEADINGS: Record<ReadTabFailure['reason'], string> = {
  restricted: 'Pith can’t read this page',
  'no-access': 'Pith can’t read this tab',
  'no-text': 'No article found',
  error: 'Something went wrong',
};

/** Shown when the page cannot be read: `#pith-error` holds exactly the message saying why and what to do. */
export function ErrorPanel({ failure, retry }: { failure: ReadTabFailure; retry: () => void }) {
  return (
    <section class="pith-error-panel" aria-labelledby="pith-error-heading">
      <h1 id="pith-error-heading">{HEADINGS[failure.reason]}</h1>
      <p id="pith-error" role="alert" data-failure={failure.reason}>
        {failure.message}
      </p>
      {failure.reason !== 'restricted' && failure.reason !== 'no-access' && (
        <button type="button" class="pith-button" onClick={retry}>
          Try again
        </button>
      )}
    </section>
  );
}
