/** A page the annotator tests write themselves: an article with a menu, a newsletter box and a footer around it. */
const PARAGRAPHS = [
  'Balcony tomatoes need six hours of direct sun, a pot of at least twenty litres and water every evening in July.',
  'Choose a compact variety: bush tomatoes stay short and do not need a tall cane, which matters in the wind up high.',
  'Feed the plants with a tomato fertiliser once a week as soon as the first fruit has set, and not before then.',
  'Pinch out the side shoots of cordon varieties so that the plant puts its strength into the trusses of fruit.',
  'When the nights turn cold in September, pick the green fruit and let it ripen indoors on a sunny window sill.',
  'Keep a note of which variety did well on your balcony; next spring you will be glad you wrote it all down.',
];

export const ANNOTATOR_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Balcony tomatoes, a season guide</title>
<style>
  body { margin: 0; font: 17px/1.5 Georgia, serif; }
  header { background: #234; color: #fff; padding: 12px 24px; }
  header nav a { color: #fff; margin-right: 16px; }
  .wrap { display: flex; gap: 32px; max-width: 1100px; margin: 0 auto; padding: 24px; }
  main { flex: 1 1 auto; }
  aside.side { width: 260px; flex: 0 0 260px; font-size: 14px; }
  footer { background: #eee; padding: 16px 24px; font-size: 13px; }
</style></head>
<body>
  <header class="site-header"><nav class="menu"><a href="/seeds">Seeds</a><a href="/pots">Pots</a><a href="/soil">Soil</a><a href="/tools">Tools</a><a href="/about">About us</a></nav></header>
  <div class="wrap">
    <main><article class="post">
      <h1>Balcony tomatoes, a season guide</h1>
      ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n      ')}
    </article></main>
    <aside class="side">
      <div class="newsletter"><h3>Our newsletter</h3><p>Get our weekly planting calendar by email, every Friday morning.</p></div>
      <ul class="links"><li><a href="/a">Ten herbs for shade</a></li><li><a href="/b">Watering on holiday</a></li><li><a href="/c">Slug-proof pots</a></li></ul>
    </aside>
  </div>
  <footer class="site-footer"><p>Garden Weekly is written by volunteers in Leeds since 1998, all rights reserved.</p></footer>
</body></html>`;

export const TEXTS = {
  kept: 'Feed the plants with a tomato fertiliser',
  removed: 'Garden Weekly is written by volunteers',
  newsletter: 'weekly planting calendar',
} as const;
