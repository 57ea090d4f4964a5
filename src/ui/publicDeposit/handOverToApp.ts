/** What the app's page brings: its scripts, styles and the modules it preloads. */
const APP_PARTS = 'script, link[rel="stylesheet"], link[rel="modulepreload"]';

/**
 * Starts the whole app in this page, at the same address: reads the app's own page
 * (`/index.html`, never cached) and adds its scripts and styles here. Used when the tab is signed
 * in, so the flow's calls carry the sign-in, without the light page bundling the app.
 */
export async function handOverToApp(): Promise<void> {
  const response = await fetch('/index.html', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`/index.html answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const part of page.head.querySelectorAll(APP_PARTS)) {
    // Elements parsed elsewhere never run: each is made anew here.
    const copy = document.createElement(part.tagName.toLowerCase());
    for (const { name, value } of part.attributes) copy.setAttribute(name, value);
    copy.textContent = part.textContent;
    document.head.append(copy);
  }
}
