/**
 * Comments on request: when Pith removed the page's comment section, the end of the article offers
 * "Show N comments" (collapsed until asked; each comment with its author and date). The reader can ask for them
 * to be shown on this site every time.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { removedComments } from '@/src/reading/comments';
import type { Extraction } from '@/src/pipeline/types';
import { commentsShownSitesItem, setSiteListed, siteListed } from '@/ext/site-lists';
import { siteOf } from '@/src/corrections/rules';

function parseHtml(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

export function RemovedComments({ extraction }: { extraction: Extraction }) {
  const comments = useMemo(() => removedComments(extraction, parseHtml), [extraction]);
  const site = siteOf(extraction.snapshot.url);
  const [open, setOpen] = useState(false);
  const [always, setAlways] = useState(false);

  useEffect(() => {
    if (!site || comments.length === 0) return;
    void siteListed(commentsShownSitesItem, site).then((listed) => {
      setAlways(listed);
      if (listed) setOpen(true);
    });
  }, [site, comments.length]);

  if (comments.length === 0) return null;
  const count = comments.length === 1 ? '1 comment' : `${comments.length} comments`;
  return (
    <section class="pith-comments" aria-labelledby="pith-comments-toggle">
      <button type="button" id="pith-comments-toggle" class="pith-button pith-primary" aria-expanded={open} aria-controls="pith-comments-list" onClick={() => setOpen(!open)}>
        {open ? `Hide the ${count}` : `Show ${count}`}
      </button>
      <p class="pith-comments-note">Pith removed the page’s comments from the article; they are here if you want them.</p>
      <div id="pith-comments-list" hidden={!open}>
        {open && (
          <>
            <ol class="pith-comment-list">
              {comments.map((c, i) => (
                <li key={i} class="pith-comment">
                  <article aria-label={c.author ? `Comment by ${c.author}` : `Comment ${i + 1}`}>
                    <p class="pith-comment-meta">
                      <span class="pith-comment-author">{c.author || 'Unnamed'}</span>
                      {c.date && (
                        <>
                          {' · '}
                          <time dateTime={c.dateTime || undefined}>{c.date}</time>
                        </>
                      )}
                    </p>
                    {c.paragraphs.map((p, j) => (
                      <p key={j}>{p}</p>
                    ))}
                  </article>
                </li>
              ))}
            </ol>
            {site && (
              <label class="pith-switch">
                <input
                  id="pith-comments-always"
                  type="checkbox"
                  checked={always}
                  onChange={(e) => {
                    const on = (e.currentTarget as HTMLInputElement).checked;
                    setAlways(on);
                    void setSiteListed(commentsShownSitesItem, site, on);
                  }}
                />
                <span>Always show comments on {new URL(site).host}</span>
              </label>
            )}
          </>
        )}
      </div>
    </section>
  );
}
