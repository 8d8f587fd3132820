import { startServer } from './harness';
import { launchFirefox } from './firefox-harness';
const server = await startServer();
const ff = await launchFirefox({ testHosts: false });
try {
  await ff.goto(server.url('/read-aloud-article.html'));
  const reader = await ff.openReader();
  await ff.waitFor(reader, `return !!document.querySelector('#pith-auto-open');`, 'toggle');
  await ff.click(reader, '#pith-auto-open');
  await new Promise((r) => setTimeout(r, 1500));
  await ff.evaluateChrome(`PopupNotifications.panel.querySelector('popupnotification').button.click(); return true;`);
  await new Promise((r) => setTimeout(r, 1000));
  console.log(await ff.evaluate(reader, `return { perms: await browser.permissions.getAll(), store: await browser.storage.local.get('autoOpenSites') }`));
  await ff.goto(server.url('/blog-with-comments.html'));
  await new Promise((r) => setTimeout(r, 5000));
  console.log((await ff.tabs()).map((t) => t.url));
  console.log(await ff.evaluateChrome(`return Services.console.getMessageArray().map((m) => m.message ?? String(m)).filter((m) => /pith|moz-extension|auto-open|scripting/i.test(m)).slice(-20);`));
  console.log(await ff.evaluate(reader, `const tabs = await browser.tabs.query({}); return tabs.map((t) => ({ id: t.id, url: t.url, status: t.status }));`));
} finally { await ff.close(); await server.close(); }
