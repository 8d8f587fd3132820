import type { Extraction } from '@/src/pipeline/types';

/**
 * The page type inside `#pith-status`: "Forum thread", with the profile's reason as its tooltip ("Forum thread:
 * every post kept (6 posts)"); marked when the classifier was not confident enough for the profile to run.
 */
export function PageTypeStatus({ extraction }: { extraction: Extraction }) {
  const pageType = extraction.pageType;
  if (!pageType) return null;
  return (
    <>
      <span
        class="pith-status-page-type"
        data-page-type={pageType.type}
        data-profile={pageType.applied ? 'applied' : 'not-applied'}
        title={pageType.reason}
      >
        {pageType.label}
        {!pageType.applied && pageType.type !== 'article' ? ' (profile not applied)' : ''}
      </span>
      {' · '}
    </>
  );
}
